import type { SyncRun } from '@portal/contract/sync';
import { Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRunMessages } from '../api/get-run-messages';
import { useSyncRuns } from '../api/get-sync-runs';
import { duration, RunStatus } from './run-status';

const LEVEL_COLOURS = { info: '#0958d9', warn: '#ad4e00', error: '#a8071a' } as const;

function RunMessages({ run }: { run: SyncRun }) {
  const { t } = useTranslation();
  const active = run.status === 'queued' || run.status === 'running';
  const messages = useRunMessages(run.id, active);
  return (
    <ul className="sync-messages" data-testid={`sync-messages-${run.id}`}>
      {(messages.data ?? []).map((m) => (
        <li key={m.id}>
          <Tag color={LEVEL_COLOURS[m.level]}>{t(`SYNC_Level_${m.level}`)}</Tag>
          <span className="sync-message-time">{dayjs(m.at).format('HH:mm:ss')}</span> {m.message}
        </li>
      ))}
    </ul>
  );
}

/** The log of runs, newest first; a run opens to its messages. */
export function SyncLog({ running }: { running: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const runs = useSyncRuns(page, running);
  return (
    <Table<SyncRun>
      data-testid="sync-log"
      size="small"
      rowKey="id"
      dataSource={runs.data?.rows ?? []}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('SYNC_NoRuns') }}
      expandable={{ expandedRowRender: (run) => <RunMessages run={run} /> }}
      pagination={{
        current: page,
        pageSize: 10,
        total: runs.data?.records ?? 0,
        showSizeChanger: false,
        onChange: setPage,
      }}
      columns={[
        { key: 'id', title: '#', dataIndex: 'id' },
        { key: 'proc', title: t('SYNC_Procedure'), render: (_, r) => t(`SYNC_Proc_${r.procName}`) },
        { key: 'status', title: t('SYNC_Status'), render: (_, r) => <RunStatus run={r} /> },
        {
          key: 'created',
          title: t('SYNC_Requested'),
          render: (_, r) => dayjs(r.createdAt).format('DD/MM/YYYY HH:mm:ss'),
        },
        { key: 'by', title: t('SYNC_RequestedBy'), render: (_, r) => r.requestedBy ?? t('SYNC_Scheduled') },
        { key: 'duration', title: t('SYNC_Duration'), align: 'right', render: (_, r) => duration(r.durationMs) },
        { key: 'read', title: t('SYNC_RowsRead'), align: 'right', dataIndex: 'rowsRead' },
        { key: 'written', title: t('SYNC_RowsWritten'), align: 'right', dataIndex: 'rowsWritten' },
      ]}
    />
  );
}
