import { PlayCircleOutlined } from '@ant-design/icons';
import type { SyncProcedure } from '@portal/contract/sync';
import { Button, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { postSyncRun, useSyncAction } from '../api/sync-actions';
import { duration, RunStatus } from './run-status';

/** The procedures with their last run, and a button to run each one. */
export function ProceduresTable({ procedures }: { procedures: SyncProcedure[] }) {
  const { t } = useTranslation();
  const run = useSyncAction(postSyncRun);
  return (
    <Table<SyncProcedure>
      data-testid="sync-procedures"
      size="small"
      rowKey="procName"
      pagination={false}
      dataSource={procedures}
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'name', title: t('SYNC_Procedure'), render: (_, p) => t(`SYNC_Proc_${p.procName}`) },
        { key: 'status', title: t('SYNC_Status'), render: (_, p) => <RunStatus run={p.lastRun} /> },
        {
          key: 'last',
          title: t('SYNC_LastRun'),
          render: (_, p) => (p.lastRun?.startedAt ? dayjs(p.lastRun.startedAt).format('DD/MM/YYYY HH:mm:ss') : '—'),
        },
        {
          key: 'duration',
          title: t('SYNC_Duration'),
          align: 'right',
          render: (_, p) => duration(p.lastRun?.durationMs ?? null),
        },
        { key: 'read', title: t('SYNC_RowsRead'), align: 'right', render: (_, p) => p.lastRun?.rowsRead ?? '—' },
        {
          key: 'written',
          title: t('SYNC_RowsWritten'),
          align: 'right',
          render: (_, p) => p.lastRun?.rowsWritten ?? '—',
        },
        {
          key: 'error',
          title: t('SYNC_LastError'),
          render: (_, p) =>
            p.lastError ? (
              <Typography.Text type="danger" ellipsis={{ tooltip: p.lastError }} style={{ maxWidth: 260 }}>
                {p.lastError}
              </Typography.Text>
            ) : (
              '—'
            ),
        },
        { key: 'errors', title: t('SYNC_OpenErrors'), align: 'right', render: (_, p) => p.openErrors },
        {
          key: 'run',
          title: '',
          render: (_, p) => (
            <Button
              size="small"
              icon={<PlayCircleOutlined />}
              disabled={p.lastRun?.status === 'queued' || p.lastRun?.status === 'running'}
              onClick={() => run.mutate(p.procName)}
              data-testid={`sync-run-${p.procName}`}
            >
              {t('SYNC_Run')}
            </Button>
          ),
        },
      ]}
    />
  );
}
