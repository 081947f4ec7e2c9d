import type { RefundDetail } from '@portal/contract/refunds';
import { displayDocumentId } from '@portal/contract/sales';
import { Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';

const COLOURS: Record<string, string> = { rejected: 'red', erp_error: 'orange', processed: 'green', cancelled: 'gray' };

/** The refund's steps: requested, received, each line accepted or rejected with its reason, the ERP, the credit note. */
export function RefundTimeline({ detail }: { detail: RefundDetail }) {
  const { t } = useTranslation();
  const itemOf = (lineId: number | null) => detail.lines.find((l) => l.id === lineId)?.itemid ?? '';
  return (
    <Timeline
      data-testid="refund-timeline"
      items={detail.events.map((e, i) => ({
        key: `${e.kind}-${i}`,
        color: COLOURS[e.kind] ?? 'blue',
        children: (
          <>
            <div>
              {t(`UI_Refunds_Event_${e.kind}`, { item: itemOf(e.lineid), detail: displayDocumentId(e.detail) })}
              {e.kind === 'rejected' && e.detail ? `: ${e.detail}` : ''}
            </div>
            <small>{formatDateTime(e.at)}</small>
          </>
        ),
      }))}
    />
  );
}
