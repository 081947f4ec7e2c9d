import { InfoCircleOutlined, WarningOutlined } from '@ant-design/icons';
import type { CartLine } from '@portal/contract/cart';
import { useTranslation } from 'react-i18next';

const KEYS = {
  transfer: 'UI_Cart_SupplyTransfer',
  backorder: 'UI_Cart_SupplyBackorder',
  unknown: 'UI_Cart_SupplyUnknown',
} as const;

/**
 * Says, under a line's store, when that store does not hold the line's quantity: the goods come by a transfer
 * from another store, or are ordered from the supplier; or that the ERP has no stock figures (issue 11 item 3).
 * And why a line is served away from the home store: the home store holds less than its quantity (issue 25).
 */
export function LineSupplyNote({ line }: { line: CartLine }) {
  const { t } = useTranslation();
  const store = line.availabilityinvent.find((a) => a.id_almacen === line.inventlocationchosenid);
  const away = line.homeShort ? (
    <div className="cart-supply cart-supply-away" data-testid="line-away" id={`line-away-${line.id_linea}`}>
      <InfoCircleOutlined aria-hidden="true" />{' '}
      {t('UI_Cart_AwayFromHome', {
        home: line.homeShort.nombre,
        stock: line.homeShort.wsstock,
        count: line.qty,
        store: store?.nombre ?? '',
      })}
    </div>
  ) : null;
  if (!line.supply || line.supply === 'stock') return away;
  const warn = line.supply !== 'unknown';
  return (
    <>
      {away}
      <div
        className={`cart-supply cart-supply-${line.supply}`}
        data-testid="line-supply"
        data-supply={line.supply}
        id={`line-supply-${line.id_linea}`}
      >
        {warn ? <WarningOutlined aria-hidden="true" /> : <InfoCircleOutlined aria-hidden="true" />}{' '}
        {t(KEYS[line.supply], { store: store?.nombre ?? '', stock: store?.wsstock ?? 0, count: line.qty })}
      </div>
    </>
  );
}
