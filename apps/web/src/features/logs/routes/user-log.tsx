import { USER_LOG_GRID } from '@portal/contract/logs';
import { useTranslation } from 'react-i18next';
import { userLogsGridQueryOptions } from '../api/get-user-logs-grid';
import { useUserLogColumns } from '../components/log-columns';
import { LogScreen } from '../components/log-screen';

/** /setting/userlog: the sign-in log (admins; part 2 §2), pages of 10, 100, 1000 or 10000 rows. */
export default function UserLogRoute() {
  const { t } = useTranslation();
  const columns = useUserLogColumns();
  return (
    <LogScreen
      kind="userlog"
      definition={USER_LOG_GRID}
      columns={columns}
      query={userLogsGridQueryOptions}
      rowKey={(row) => String(row.id)}
      label={t('UI_Title_UserLog')}
    />
  );
}
