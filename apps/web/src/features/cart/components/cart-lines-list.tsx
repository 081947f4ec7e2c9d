import type { CartLine } from '@portal/contract/cart';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import { hasValidStore } from '../cart-state';
import { LineActions } from './line-actions';
import { LineJobRef } from './line-job-ref';
import { LineQuantity } from './line-quantity';
import { LineStoreSelect } from './line-store-select';
import { LineSupplyNote } from './line-supply-note';

/** The cart lines at 979 px and below: one block per line, its fields labelled. */
export function CartLinesList({ lines, highlight }: { lines: CartLine[]; highlight: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="cart-list" data-testid="cart-lines" aria-label={t('UI_Cart_Lines')}>
      {lines.map((l) => {
        const storeId = `line-store-${l.id_linea}`;
        const qtyId = `line-qty-${l.id_linea}`;
        const jobRefId = `line-jobref-${l.id_linea}`;
        return (
          <li
            key={l.id_linea}
            data-testid="cart-line"
            data-ref={l.ref_jumasa}
            className={`cart-list-item${highlight && !hasValidStore(l) ? ' cart-line-missing' : ''}`}
          >
            <div className="cart-list-row" style={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
              <div style={{ minWidth: 0 }}>
                <div className="cart-ref" data-testid="line-ref">
                  {l.ref_jumasa}
                </div>
                <div>{l.descripcion}</div>
                <div className="cart-muted">{l.stw_Proveedor}</div>
              </div>
              <LineActions line={l} />
            </div>
            <div className="cart-list-field">
              <label htmlFor={storeId}>{t('UI_Cart_Store')}</label>
              <LineStoreSelect line={l} highlight={highlight} id={storeId} />
              <LineSupplyNote line={l} />
            </div>
            <div className="cart-list-field">
              <label htmlFor={jobRefId}>{t('UI_Cart_JobRef')}</label>
              <LineJobRef line={l} id={jobRefId} />
            </div>
            <div className="cart-list-row" style={{ justifyContent: 'space-between', alignItems: 'flex-end' }}>
              <div className="cart-list-field">
                <label htmlFor={qtyId}>{t('UI_Cart_Quantity')}</label>
                <LineQuantity line={l} id={qtyId} />
              </div>
              <div style={{ textAlign: 'right' }}>
                <div className="cart-muted cart-money">
                  {t('UI_Cart_ListPrice')} {formatMoney(l.pv1d)} · {t('UI_Cart_NetPrice')}{' '}
                  {formatMoney(l.preciocliente)}
                </div>
                <div className="cart-money cart-net" data-testid="line-net">
                  {formatMoney(l.netAmount)}
                </div>
                <div className="cart-money cart-muted">
                  {t('UI_Cart_ListShort')} {formatMoney(l.listAmount)}
                </div>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
