import type { WebOrderHeader } from '@portal/contract/sales';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '@/components/data-grid/status-tag';

/** A web order's way to the ERP (part 2 §4): imported, waiting, or failing (with its error and retries). */
export function WebOrderImportTag({ order }: { order: Pick<WebOrderHeader, 'IMPORTED' | 'ERROR' | 'REINTENTOSWEB'> }) {
  const { t } = useTranslation();
  if (order.IMPORTED) {
    return <StatusTag tone="green">{t('UI_SalesWeb_Imported')}</StatusTag>;
  }
  if (order.ERROR) {
    return (
      <Tooltip title={order.ERROR}>
        <StatusTag tone="red" tabIndex={0}>
          {t('UI_SalesWeb_Failed', { count: order.REINTENTOSWEB })}
        </StatusTag>
      </Tooltip>
    );
  }
  return <StatusTag tone="gold">{t('UI_SalesWeb_Pending')}</StatusTag>;
}
