import { SyncOutlined } from '@ant-design/icons';
import { Button, Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErpConnectionNotice } from '@/components/erp-connection-notice';
import { useSyncList } from '../api/get-sync-list';
import { postSyncAll, useSyncAction } from '../api/sync-actions';
import { ErrorQueue } from './error-queue';
import { FeedBatches } from './feed-batches';
import { ProceduresTable } from './procedures-table';
import { SyncLog } from './sync-log';
import { ValidationYears } from './validation-years';
import './sync.css';

/**
 * /setting/sync: the ERP procedures, run one or all, the last batch of each ERP feed, the validation years, the log
 * and the error queue.
 */
export function SyncScreen() {
  const { t } = useTranslation();
  const list = useSyncList();
  const all = useSyncAction(postSyncAll);
  const running = list.data?.running ?? false;
  return (
    <div className="sync-screen">
      <ErpConnectionNotice />
      <Card
        size="small"
        title={t('SYNC_Procedures')}
        extra={
          <Button
            type="primary"
            icon={<SyncOutlined spin={running} />}
            onClick={() => all.mutate(undefined)}
            data-testid="sync-all"
          >
            {t('SYNC_RunAll')}
          </Button>
        }
      >
        <ProceduresTable procedures={list.data?.procedures ?? []} />
      </Card>
      <Card size="small" title={t('SYNC_Feeds')}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('SYNC_FeedsHelp')}</Typography.Text>
          <FeedBatches />
        </Space>
      </Card>
      <Card size="small" title={t('SYNC_ValidationYear')}>
        <ValidationYears procedures={list.data?.procedures ?? []} />
      </Card>
      <Card size="small" title={t('SYNC_Log')}>
        <SyncLog running={running} />
      </Card>
      <Card size="small" title={t('SYNC_ErrorQueue')}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('SYNC_ErrorQueueHelp')}</Typography.Text>
          <ErrorQueue />
        </Space>
      </Card>
    </div>
  );
}
