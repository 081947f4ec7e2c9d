import type { CheckoutLocation } from '@portal/contract/cart';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatRate } from '@/lib/format';

/** The items of a location and its amounts: list, base (net), VAT and total (decision 0019). */
export function LocationItems({ location }: { location: CheckoutLocation }) {
  const { t } = useTranslation();
  return (
    <div>
      <h3 className="checkout-subtitle">{t('UI_Checkout_Items')}</h3>
      <ul className="checkout-items" data-testid="location-items">
        {location.items.map((item) => (
          <li key={item.namealias}>
            <span className="checkout-qty">{item.qty} ×</span>
            <span>
              <span className="checkout-ref">{item.namealias}</span>
              <span className="checkout-muted"> · {item.name}</span>
            </span>
          </li>
        ))}
      </ul>
      <dl className="checkout-amounts">
        <dt>{t('UI_Cart_ListAmount')}</dt>
        <dd className="checkout-money">{formatMoney(location.listAmount)}</dd>
        <dt>{t('UI_Checkout_VatBase')}</dt>
        <dd className="checkout-money" data-testid="location-base">
          {formatMoney(location.netAmount)}
        </dd>
        <dt>{t('UI_Checkout_Vat', { rate: formatRate(location.vatRate) })}</dt>
        <dd className="checkout-money" data-testid="location-vat">
          {formatMoney(location.vatAmount)}
        </dd>
        <dt>{t('UI_Checkout_TotalWithVat')}</dt>
        <dd className="checkout-money checkout-net" data-testid="location-total">
          {formatMoney(location.totalAmount)}
        </dd>
      </dl>
    </div>
  );
}
