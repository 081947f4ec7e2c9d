import type { UserGridRow } from '@portal/contract/users';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GridColumnDef } from '@/components/data-grid/grid-types';

type Column = GridColumnDef<UserGridRow>;

/**
 * The users grid's columns (spec part 2 §2): username (contains), client_id (equality only), and the row links
 * Editar, Cliente (admins), Almacenes and Roles.
 */
export function useUserColumns(admin: boolean): Column[] {
  const { t } = useTranslation();
  return useMemo((): Column[] => {
    const link = (to: string, text: string, testId: string) => (
      <Link to={to} onClick={(e) => e.stopPropagation()} data-testid={testId}>
        {text}
      </Link>
    );
    return [
      {
        key: 'username',
        title: t('UI_People_UserName'),
        sortField: 'username',
        filter: { field: 'username', kind: 'text' },
        width: 220,
        fixed: 'left',
        card: 'id',
        render: (r) => (
          <span className="users-user">
            {r.username}
            {r.lockoutenabled && <Tag color="red">{t('UI_People_Banned')}</Tag>}
            {r.rank > 0 && <Tag color={r.rank === 2 ? 'gold' : 'blue'}>{t(`UI_People_Rank${r.rank}`)}</Tag>}
          </span>
        ),
      },
      {
        key: 'client_id',
        title: t('UI_People_Client'),
        sortField: 'client_id',
        filter: { field: 'client_id', kind: 'text', op: 'eq' },
        width: 130,
        card: 'status',
        render: (r) => r.client_id ?? '',
      },
      {
        key: 'links',
        title: t('UI_People_Actions'),
        width: 300,
        card: 'links',
        render: (r) => (
          <span className="users-links">
            {link(`/setting/user/view/${r.id}`, t('UI_People_Edit'), 'user-edit')}
            {admin && r.client_id && link(`/setting/client/${r.client_id}`, t('UI_People_ClientLink'), 'user-client')}
            {link(`/setting/user/view/${r.id}/einventlocation`, t('UI_People_Stores'), 'user-stores')}
            {link(`/setting/user/view/${r.id}/roles`, t('UI_People_Roles'), 'user-roles')}
          </span>
        ),
      },
    ];
  }, [t, admin]);
}
