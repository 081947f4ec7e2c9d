import { DeleteOutlined, LogoutOutlined, UserSwitchOutlined } from '@ant-design/icons';
import type { UserDetail } from '@portal/contract/users';
import { Button, type ButtonProps, Popconfirm, Switch } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBlockUserMutation } from '../api/block-user';
import { useDeleteUserMutation } from '../api/delete-user';
import { useForceLogoutMutation } from '../api/force-logout';

type Props = { user: UserDetail; notify: MessageInstance; onDeleted: () => void };

/**
 * What an existing user's administrator may do (spec part 2 §4): the ban toggle (reverted silently when the call
 * fails; the result shown as WARN_UserBanned_ + result), force logout and delete, each asked first; "Actuar como"
 * when the server says the caller may act as the user (it opens /setting/actas with the name, which asks first).
 */
export function UserActions({ user, notify, onDeleted }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [banned, setBanned] = useState(user.lockoutenabled);
  const block = useBlockUserMutation();
  const logout = useForceLogoutMutation();
  const remove = useDeleteUserMutation();

  const toggle = (next: boolean) => {
    setBanned(next);
    block.mutate(
      { id: user.id, blocked: next },
      {
        onSuccess: (res) => {
          setBanned(res.result);
          void notify.success(t(`WARN_UserBanned_${res.result}`));
        },
        onError: () => setBanned(!next),
      },
    );
  };

  return (
    <div className="users-actions" data-testid="user-actions">
      <span className="users-actions__ban">
        <Switch
          id={`ban-${user.id}`}
          checked={banned}
          onChange={toggle}
          loading={block.isPending}
          data-testid="user-ban"
        />
        <label htmlFor={`ban-${user.id}`}>{t('UI_People_Banned')}</label>
      </span>
      {user.mayActAs ? (
        <Button
          icon={<UserSwitchOutlined />}
          onClick={() => navigate(`/setting/actas?username=${encodeURIComponent(user.username)}`)}
          data-testid="user-act-as"
        >
          {t('UI_People_ActAs')}
        </Button>
      ) : null}
      <Popconfirm
        title={t('UI_People_ForceLogoutConfirm', { user: user.username })}
        okText={t('UI_People_Yes')}
        cancelText={t('UI_People_No')}
        okButtonProps={{ 'data-testid': 'confirm-force-logout' } as ButtonProps}
        onConfirm={() => logout.mutate(user.id, { onSuccess: (res) => void notify.success(t(res.message)) })}
      >
        <Button icon={<LogoutOutlined />} loading={logout.isPending} data-testid="user-force-logout">
          {t('UI_People_ForceLogout')}
        </Button>
      </Popconfirm>
      <Popconfirm
        title={t('WARN_DeleteElement')}
        okText={t('UI_People_Delete')}
        cancelText={t('UI_People_No')}
        okButtonProps={{ danger: true, 'data-testid': 'confirm-delete-user' } as ButtonProps}
        onConfirm={() =>
          remove.mutate(user.id, {
            onSuccess: () => {
              void notify.success(t('WARN_DeleteOK'));
              onDeleted();
            },
          })
        }
      >
        <Button danger icon={<DeleteOutlined />} loading={remove.isPending} data-testid="user-delete">
          {t('UI_People_Delete')}
        </Button>
      </Popconfirm>
    </div>
  );
}
