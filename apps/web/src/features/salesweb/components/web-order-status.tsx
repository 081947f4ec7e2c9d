import type { WebOrderHeader } from '@portal/contract/sales';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** A web order's way to the ERP (part 2 §4): imported, waiting, or failing (with its error and retries). */
export function WebOrderImportTag({ order }: { order: Pick<WebOrderHeader, 'IMPORTED' | 'ERROR' | 'REINTENTOSWEB'> }) {
  const { t } = useTranslation();
  if (order.IMPORTED) {
    return (
      <Tag color="green" style={{ marginInlineEnd: 0 }}>
        {t('UI_SalesWeb_Imported')}
      </Tag>
    );
  }
  if (order.ERROR) {
    return (
      <Tooltip title={order.ERROR}>
        <Tag color="red" style={{ marginInlineEnd: 0 }} tabIndex={0}>
          {t('UI_SalesWeb_Failed', { count: order.REINTENTOSWEB })}
        </Tag>
      </Tooltip>
    );
  }
  return (
    <Tag color="gold" style={{ marginInlineEnd: 0 }}>
      {t('UI_SalesWeb_Pending')}
    </Tag>
  );
}
