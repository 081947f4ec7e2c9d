import type { SyncRun } from '@portal/contract/sync';
import { Progress, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Solid tags with white text dark enough for WCAG AA contrast. */
const COLOURS = { queued: '#595959', running: '#0958d9', succeeded: '#237804', failed: '#a8071a' } as const;

/** A run's status; while running, its progress (changes handled of the total). */
export function RunStatus({ run }: { run: SyncRun | null }) {
  const { t } = useTranslation();
  if (!run) return <Tag>{t('SYNC_NeverRun')}</Tag>;
  return (
    <span className="sync-status" data-testid={`sync-status-${run.procName}`} data-status={run.status}>
      <Tag color={COLOURS[run.status]}>{t(`SYNC_Status_${run.status}`)}</Tag>
      {run.status === 'running' && run.total ? (
        <Progress
          size="small"
          style={{ width: 120 }}
          percent={Math.min(100, Math.round((run.progress / run.total) * 100))}
          aria-label={t('SYNC_Progress')}
        />
      ) : null}
    </span>
  );
}

export function duration(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}
