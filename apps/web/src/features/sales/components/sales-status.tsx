import { STATUS_ALL } from '@portal/contract/grids';
import { SALES_STATUS_CODES } from '@portal/contract/sales';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { StatusTag, type StatusTone } from '@/components/data-grid/status-tag';

const TONES: Record<number, StatusTone> = { 0: 'grey', 1: 'blue', 2: 'cyan', 3: 'green', 4: 'red' };

/** The status filter's options: All (-1) is added by the filter; these are None … Canceled (part 2 §4). */
export const salesStatusOptions = (t: TFunction) =>
  SALES_STATUS_CODES.map((code) => ({ value: String(code), label: t(`STATUS_Sales_${code}`) }));

export const SALES_STATUS_ALL = String(STATUS_ALL);

/** An order's status, translated. */
export function SalesStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <StatusTag tone={TONES[status] ?? 'grey'} data-testid="sales-status">
      {t(`STATUS_Sales_${status}`)}
    </StatusTag>
  );
}
