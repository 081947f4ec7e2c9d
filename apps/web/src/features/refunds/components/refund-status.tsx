import type { RefundStage } from '@portal/contract/refunds';
import { useTranslation } from 'react-i18next';
import { StatusTag, type StatusTone } from '@/components/data-grid/status-tag';

const TONES: Record<number, StatusTone> = { 0: 'grey', 1: 'blue', 2: 'green' };
const STAGE_TONES: Partial<Record<RefundStage, StatusTone>> = {
  rejected: 'red',
  cancelled: 'grey',
  received: 'cyan',
  decided: 'gold',
};

/** STATUS as the spec names it (0 Opened, 1 Pending, 2 Processed, other Error). */
export function RefundStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const code = status >= 0 && status <= 2 ? status : 3;
  return (
    <StatusTag tone={TONES[code] ?? 'red'} data-testid="refund-status">
      {t(`UI_Refunds_Status_${code}`)}
    </StatusTag>
  );
}

/** The finer step beside STATUS (received, rejected, …). */
export function RefundStageTag({ stage }: { stage: RefundStage }) {
  const { t } = useTranslation();
  return (
    <StatusTag tone={STAGE_TONES[stage] ?? 'blue'} data-testid="refund-stage">
      {t(`UI_Refunds_Stage_${stage}`)}
    </StatusTag>
  );
}
