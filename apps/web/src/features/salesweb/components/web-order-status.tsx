import type { WebOrderHeader } from '@portal/contract/sales';
import { webOrderCalls } from '@portal/contract/sales-calls';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '@/components/data-grid/status-tag';
import { useUser } from '@/lib/current-user';
import { mayCall } from '@/lib/may-call';

/**
 * A web order's way to the ERP (part 2 §4): imported, or on its way. Staff see a failing order as such, with the
 * ERP's error and the retries; a customer is told in words that it is being sent to the store (issue 25): the retries
 * are the portal's business, not theirs. Staff are those who may follow the web orders' way to the ERP: the rule of
 * the admins' control grid (it guards no call here; it chooses what is shown).
 */
export function WebOrderImportTag({ order }: { order: Pick<WebOrderHeader, 'IMPORTED' | 'ERROR' | 'REINTENTOSWEB'> }) {
  const { t } = useTranslation();
  const staff = mayCall(webOrderCalls.controlGrid, useUser().data);
  if (order.IMPORTED) {
    return <StatusTag tone="green">{t('UI_SalesWeb_Imported')}</StatusTag>;
  }
  if (order.ERROR && staff) {
    return (
      <Tooltip title={order.ERROR}>
        <StatusTag tone="red" tabIndex={0}>
          {t('UI_SalesWeb_Failed', { count: order.REINTENTOSWEB })}
        </StatusTag>
      </Tooltip>
    );
  }
  return <StatusTag tone="gold">{staff ? t('UI_SalesWeb_Pending') : t('UI_SalesWeb_SendingToStore')}</StatusTag>;
}
