import { fileCalls } from '@portal/contract/files';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/lib/current-user';
import { mayCall } from '@/lib/may-call';
import { FilesScreen } from '../components/files-screen';

/** /setting/file — the file administration (spec part 2 §2, §6): the same tree with upload, folders and delete. */
export default function FileAdminRoute() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  if (isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (!mayCall(fileCalls.upload, user))
    return (
      <Result
        status="403"
        title={t('UI_AccessDeniedTitle')}
        subTitle={t('UI_Files_AdminsOnly')}
        data-testid="admins-only"
      />
    );
  return <FilesScreen admin />;
}
