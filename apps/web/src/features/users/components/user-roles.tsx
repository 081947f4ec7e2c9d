import { holdsAdmin, type RoleEntry } from '@portal/contract/users';
import { Button, type ButtonProps, Checkbox, Modal, Skeleton } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/i18n';
import { useUserRoles } from '../api/get-user-roles';
import { usePutUserRolesMutation } from '../api/put-user-roles';

type Props = { userId: string; notify: MessageInstance };

/**
 * The roles checklist in the current language (spec part 2 §4 Saving roles): with the general Administration
 * option checked, "AVISO!" asks first; otherwise the roles are saved directly. Roles the caller may not grant are
 * shown disabled.
 */
export function UserRoles({ userId, notify }: Props) {
  const { t, i18n } = useTranslation();
  const roles = useUserRoles(userId, i18n.language.slice(0, 2));
  const save = usePutUserRolesMutation(userId);
  const [modal, modalHolder] = Modal.useModal();
  const [draft, setDraft] = useState<RoleEntry[]>([]);
  useEffect(() => {
    if (roles.data) setDraft(roles.data);
  }, [roles.data]);

  if (roles.isPending) return <Skeleton active />;
  if (roles.isError)
    return <p role="alert">{t('UI_People_LoadFailed', { message: translateMessage(roles.error.message) })}</p>;

  const persist = () =>
    save.mutate(
      { roles: draft.map((r) => ({ nombre: r.nombre, sw_checked: r.sw_checked })) },
      { onSuccess: (res) => void notify.success(t(res.message)) },
    );
  const submit = () => {
    if (!holdsAdmin(draft)) return persist();
    modal.confirm({
      title: t('MSG_Warning'),
      content: t('MSG_ConfirmAdminRole'),
      okText: t('UI_People_Yes'),
      cancelText: t('UI_People_No'),
      okButtonProps: { 'data-testid': 'confirm-admin-role' } as ButtonProps,
      onOk: persist,
    });
  };

  return (
    <div className="users-roles" data-testid="user-roles-list">
      {modalHolder}
      <ul className="users-roles__list">
        {draft.map((role) => (
          <li key={role.nombre}>
            <Checkbox
              checked={role.sw_checked}
              disabled={!role.editable}
              onChange={(e) =>
                setDraft((all) =>
                  all.map((r) => (r.nombre === role.nombre ? { ...r, sw_checked: e.target.checked } : r)),
                )
              }
              data-testid={`role-${role.nombre}`}
            >
              {role.descripcion} <code>{role.nombre}</code>
            </Checkbox>
          </li>
        ))}
      </ul>
      <Button type="primary" onClick={submit} loading={save.isPending} data-testid="roles-save">
        {t('UI_People_SaveRoles')}
      </Button>
    </div>
  );
}
