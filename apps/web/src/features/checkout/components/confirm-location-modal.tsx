import type { CheckoutLocation } from '@portal/contract/cart';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

type ConfirmLocationModalProps = {
  /** The locations served from a store that is not the customer's own; empty closes the modal. */
  locations: CheckoutLocation[];
  onConfirm: () => void;
  onCancel: () => void;
};

/** Spec part 1 §5: serving from a store that is not the customer's own is confirmed first. */
export function ConfirmLocationModal({ locations, onConfirm, onCancel }: ConfirmLocationModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={locations.length > 0}
      title={t('UI_Checkout_ConfirmLocationTitle')}
      okText={t('UI_Checkout_ConfirmLocationOk')}
      cancelText={t('UI_Cart_Cancel')}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      <p>{t('UI_Checkout_ConfirmLocationText')}</p>
      <ul data-testid="confirm-locations">
        {locations.map((l) => (
          <li key={l.id_almacen}>
            <strong>{l.nombre}</strong>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
