import { ArrowLeftOutlined } from '@ant-design/icons';
import { clientCalls } from '@portal/contract/clients-calls';
import { isNewUserId } from '@portal/contract/users';
import { Button, message, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import type { ImagePickerComponent } from '@/components/image-picker-type';
import { useUser } from '@/lib/current-user';
import { mayCall } from '@/lib/may-call';
import { useUserDetail } from '../api/get-user';
import { UserActions } from '../components/user-actions';
import { UserForm } from '../components/user-form';
import { UserRoles } from '../components/user-roles';
import { UserStores } from '../components/user-stores';
import '../users.css';
import { translateMessage } from '@/lib/i18n';

const SECTIONS = ['edit', 'einventlocation', 'roles'] as const;
type Section = (typeof SECTIONS)[number];

/**
 * /setting/user/view/:detail[/:section] and /setting/user/new?c_id= (spec part 2 §2): the user's data, stores and
 * roles. An all-zero id or `new` is a new user; after the first save the screen moves to the saved id; `profile`
 * is /profile.
 */
export default function UserDetailRoute({ ImagePicker }: { ImagePicker: ImagePickerComponent }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { detail = 'new', section } = useParams();
  const [search] = useSearchParams();
  const { data: me } = useUser();
  const isNew = isNewUserId(detail);
  const clientId = search.get('c_id') ?? undefined;
  const user = useUserDetail(isNew ? 'new' : detail, isNew ? clientId : undefined);
  const [notify, notifyHolder] = message.useMessage({ top: 64 });
  if (detail.toLowerCase() === 'profile') return <Navigate to="/profile" replace />;

  const active: Section = SECTIONS.includes(section as Section) ? (section as Section) : 'edit';
  // Who may open a client (the admins) sees a user's client and chooses it: the call's own rule (issue 24).
  const admin = mayCall(clientCalls.client, me);
  const title = isNew ? t('UI_Title_UserNew') : `${t('UI_Title_User')} ${user.data?.username ?? ''}`;
  const back = () =>
    navigate(admin && user.data?.cliente_id ? `/setting/client/${user.data.cliente_id}` : '/setting/user');

  return (
    <div className="users-page">
      {notifyHolder}
      <div className="users-page__head">
        <h2 className="users-page__title">{title}</h2>
        <Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="user-back">
          {admin ? t('UI_People_BackToClient') : t('UI_People_BackToUsers')}
        </Button>
      </div>
      {user.isPending ? (
        <Skeleton active />
      ) : user.isError ? (
        <p role="alert" data-testid="user-load-error">
          {t('UI_People_LoadFailed', { message: translateMessage(user.error.message) })}
        </p>
      ) : (
        <>
          {!isNew && (
            <UserActions
              key={user.data.id}
              user={user.data}
              notify={notify}
              onDeleted={() => navigate('/setting/user')}
            />
          )}
          <Tabs
            activeKey={active}
            onChange={(key) => navigate(`/setting/user/view/${user.data.id}${key === 'edit' ? '' : `/${key}`}`)}
            items={[
              {
                key: 'edit',
                label: t('UI_People_Data'),
                children: (
                  <UserForm
                    key={user.data.id}
                    user={user.data}
                    isNew={isNew}
                    admin={admin}
                    ImagePicker={ImagePicker}
                    onSaved={(id) => {
                      void notify.success(t('WARN_SaveOK'));
                      if (isNew) navigate(`/setting/user/view/${id}`, { replace: true });
                    }}
                  />
                ),
              },
              {
                key: 'einventlocation',
                label: t('UI_People_Stores'),
                disabled: isNew,
                children: isNew ? null : <UserStores userId={user.data.id} notify={notify} />,
              },
              {
                key: 'roles',
                label: t('UI_People_Roles'),
                disabled: isNew,
                children: isNew ? null : <UserRoles userId={user.data.id} notify={notify} />,
              },
            ]}
          />
        </>
      )}
    </div>
  );
}
