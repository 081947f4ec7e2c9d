import { UserAddOutlined } from '@ant-design/icons';
import { clientCalls } from '@portal/contract/clients-calls';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUser } from '@/lib/current-user';
import { mayCall } from '@/lib/may-call';
import { usersGridQueryOptions } from '../api/get-users-grid';
import { UsersGrid } from '../components/users-grid';
import '../users.css';

/** /setting/user "Todos los usuarios": every user for an admin, the own client's for a client admin. */
export default function UsersRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: me } = useUser();
  // Who may open a client (the admins) sees a user's client and chooses it: the call's own rule (issue 24).
  const admin = mayCall(clientCalls.client, me);
  return (
    <div className="users-page">
      <UsersGrid
        query={usersGridQueryOptions}
        admin={admin}
        label={t('UI_Title_Users')}
        testId="users-grid"
        toolbar={
          <Button icon={<UserAddOutlined />} onClick={() => navigate('/setting/user/new')} data-testid="new-user">
            {t('UI_People_NewUser')}
          </Button>
        }
      />
    </div>
  );
}
