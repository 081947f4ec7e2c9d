import type { Notification } from '@portal/contract/notifications';
import type { TFunction } from 'i18next';

/** A notification's sentence in the reader's language, made from its kind and params. */
export function notificationText(t: TFunction, n: Notification): string {
  switch (n.kind) {
    case 'stock_back':
      return t('UI_NT_stock_back', { ref: n.params.ref, store: n.params.storeName });
    case 'web_order_imported':
      return t('UI_NT_web_order_imported', { id: n.params.webOrderId, sales: n.params.salesIds });
    case 'refund_changed':
      return t(`UI_NT_refund_${n.params.stage}`, { id: n.params.refundId });
  }
}
