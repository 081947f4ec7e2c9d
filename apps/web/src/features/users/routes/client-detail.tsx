import {
  ArrowLeftOutlined,
  DeleteOutlined,
  FileProtectOutlined,
  LogoutOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { Button, type ButtonProps, message, Popconfirm, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { translateMessage } from '@/lib/i18n';
import { useDeleteClientMutation } from '../api/delete-client';
import { useForceLogoutsMutation } from '../api/force-logouts';
import { useClientDetail } from '../api/get-client';
import { usersByClientGridQueryOptions } from '../api/get-users-by-client-grid';
import { ClientForm } from '../components/client-form';
import { UsersGrid } from '../components/users-grid';
import '../users.css';

/**
 * /setting/client/:id_client (spec part 2 §2): the client, its users (with links to each user, its stores and its
 * roles), force logout of every user (type 0 sessions, type 1 invoice links) and delete, each asked first.
 */
export default function ClientDetailRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id_client = '' } = useParams();
  const [search] = useSearchParams();
  const client = useClientDetail(id_client, search.get('new') === '1');
  const logouts = useForceLogoutsMutation();
  const remove = useDeleteClientMutation();
  const [notify, notifyHolder] = message.useMessage({ top: 64 });

  const forceLogouts = (type: 0 | 1) =>
    logouts.mutate(
      { id: id_client, type },
      { onSuccess: (res) => void notify.success(`${t(res.message)} (${res.affected})`) },
    );

  return (
    <div className="users-page">
      {notifyHolder}
      <div className="users-page__head">
        <h2 className="users-page__title">
          {t('UI_People_ClientTitle', { account: id_client })}
          {client.data?.name ? ` · ${client.data.name}` : ''}
        </h2>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/setting/client')} data-testid="client-back">
          {t('UI_People_BackToClients')}
        </Button>
      </div>
      {client.isPending ? (
        <Skeleton active />
      ) : client.isError ? (
        <p role="alert">{t('UI_People_LoadFailed', { message: translateMessage(client.error.message) })}</p>
      ) : (
        <>
          {!client.data.isnew && (
            <div className="users-actions" data-testid="client-actions">
              <Popconfirm
                title={t('UI_People_ForceLogoutsConfirm0')}
                okText={t('UI_People_Yes')}
                cancelText={t('UI_People_No')}
                okButtonProps={{ 'data-testid': 'confirm-logouts-0' } as ButtonProps}
                onConfirm={() => forceLogouts(0)}
              >
                <Button icon={<LogoutOutlined />} data-testid="client-logouts-0">
                  {t('UI_People_ForceLogouts0')}
                </Button>
              </Popconfirm>
              <Popconfirm
                title={t('UI_People_ForceLogoutsConfirm1')}
                okText={t('UI_People_Yes')}
                cancelText={t('UI_People_No')}
                okButtonProps={{ 'data-testid': 'confirm-logouts-1' } as ButtonProps}
                onConfirm={() => forceLogouts(1)}
              >
                <Button icon={<FileProtectOutlined />} data-testid="client-logouts-1">
                  {t('UI_People_ForceLogouts1')}
                </Button>
              </Popconfirm>
              <Popconfirm
                title={t('WARN_DeleteElement')}
                okText={t('UI_People_Delete')}
                cancelText={t('UI_People_No')}
                okButtonProps={{ danger: true, 'data-testid': 'confirm-delete-client' } as ButtonProps}
                onConfirm={() =>
                  remove.mutate(id_client, {
                    onSuccess: () => {
                      void notify.success(t('WARN_DeleteOK'));
                      navigate('/setting/client');
                    },
                    onError: (e) => {
                      if (e instanceof ApiError && e.status === 400)
                        void notify.error(translateMessage(e.body?.message));
                    },
                  })
                }
              >
                <Button danger icon={<DeleteOutlined />} data-testid="client-delete">
                  {t('UI_People_Delete')}
                </Button>
              </Popconfirm>
            </div>
          )}
          <ClientForm
            key={`${client.data.accountnum}-${client.data.isnew}`}
            client={client.data}
            notify={notify}
            onSaved={() => {
              if (client.data.isnew) navigate(`/setting/client/${client.data.accountnum}`, { replace: true });
            }}
          />
          {!client.data.isnew && (
            <section className="users-section">
              <h2 className="users-section__title">{t('UI_People_ClientUsers')}</h2>
              <UsersGrid
                query={usersByClientGridQueryOptions(id_client)}
                admin
                label={t('UI_People_ClientUsers')}
                testId="client-users-grid"
                toolbar={
                  <Button
                    icon={<UserAddOutlined />}
                    onClick={() => navigate(`/setting/user/new?c_id=${encodeURIComponent(id_client)}`)}
                    data-testid="client-new-user"
                  >
                    {t('UI_People_NewUser')}
                  </Button>
                }
              />
            </section>
          )}
        </>
      )}
    </div>
  );
}
