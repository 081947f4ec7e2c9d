import { RANK } from '@portal/contract/constants';
import type { WebOrderHeader } from '@portal/contract/sales';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '@/components/data-grid/status-tag';
import { useUser } from '@/lib/current-user';

/**
 * A web order's way to the ERP (part 2 §4): imported, or on its way. Staff see a failing order as such, with the
 * ERP's error and the retries; a customer is told in words that it is being sent to the store (issue 25): the retries
 * are the portal's business, not theirs.
 */
export function WebOrderImportTag({ order }: { order: Pick<WebOrderHeader, 'IMPORTED' | 'ERROR' | 'REINTENTOSWEB'> }) {
  const { t } = useTranslation();
  const staff = (useUser().data?.rankNumber ?? RANK.ordinary) >= RANK.admin;
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
