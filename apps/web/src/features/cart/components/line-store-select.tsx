import type { CartLine } from '@portal/contract/cart';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { StockDot } from '@/components/stock-dots';
import { useSetInventoryLocation } from '../api/post-set-inventory-location';
import { hasValidStore } from '../cart-state';

type LineStoreSelectProps = {
  line: CartLine;
  /** The user tried to finish: a line without a valid store is marked. */
  highlight: boolean;
  id?: string;
};

/** The store a line is served from, among those of its availability (each with its stock dot). */
export function LineStoreSelect({ line, highlight, id }: LineStoreSelectProps) {
  const { t } = useTranslation();
  const choose = useSetInventoryLocation();
  const valid = hasValidStore(line);
  const missing = highlight && !valid;
  return (
    <Select<string>
      id={id}
      aria-label={t('UI_Cart_StoreOf', { ref: line.ref_jumasa })}
      aria-invalid={missing || undefined}
      aria-describedby={
        [
          line.homeShort ? `line-away-${line.id_linea}` : null,
          line.supply && line.supply !== 'stock' ? `line-supply-${line.id_linea}` : null,
        ]
          .filter(Boolean)
          .join(' ') || undefined
      }
      data-testid="line-store"
      data-line={line.ref_jumasa}
      value={valid ? (line.inventlocationchosenid ?? undefined) : undefined}
      placeholder={t('UI_Cart_ChooseStore')}
      status={missing ? 'error' : undefined}
      loading={choose.isPending}
      disabled={choose.isPending}
      popupMatchSelectWidth={false}
      style={{ width: '100%', minWidth: 170 }}
      onChange={(locationid) => choose.mutate({ salesid: line.id_linea, locationid })}
      options={line.availabilityinvent.map((a) => ({
        value: a.id_almacen,
        title: a.nombre,
        label: (
          <span className="cart-store-option">
            <StockDot store={a.nombre} status={a.status} />
            <span>{a.nombre}</span>
            {a.wsstock !== null ? <span className="cart-muted">({a.wsstock})</span> : null}
          </span>
        ),
      }))}
    />
  );
}
