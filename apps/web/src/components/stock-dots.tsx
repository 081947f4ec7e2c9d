import { STOCK_STATUSES, type StockStatus } from '@portal/contract/catalog';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import './stock-dots.css';

type StockDotProps = { store: string; status: StockStatus };

/**
 * Spec part 1 §4: 2 available (green), 1 in another store (yellow), 0 none (red) and 3 no information (a red
 * ring, so that it reads apart from 0). Shared by the catalogue (results, availability) and the cart.
 */
export function StockDot({ store, status }: StockDotProps) {
  const { t } = useTranslation();
  const label = t('UI_Catalog_StoreStatus', { store, status: t(`AVAILABILITY_${status}`) });
  return (
    <Tooltip title={label}>
      <span role="img" aria-label={label} className={`stock-dot stock-dot-${status}`} data-status={status} />
    </Tooltip>
  );
}

type StoreStock = { id_almacen: string; nombre?: string; status: StockStatus };

/** One dot per store, named by the store (signed-in users only: anonymous records carry no stock). */
export function StockDots({ stock }: { stock: readonly StoreStock[] | null }) {
  const { t } = useTranslation();
  if (!stock?.length) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of status images, not of form controls (no fieldset)
    <span className="stock-dots" data-testid="stock-dots" role="group" aria-label={t('UI_Catalog_StockByStore')}>
      {stock.map((s) => (
        <StockDot key={s.id_almacen} store={s.nombre ?? s.id_almacen} status={s.status} />
      ))}
    </span>
  );
}

/** What the four colours mean (spec part 1 §4), shown once above the results. */
export function StockLegend() {
  const { t } = useTranslation();
  return (
    <ul className="stock-legend" data-testid="stock-legend" aria-label={t('UI_Catalog_StockLegend')}>
      {STOCK_STATUSES.map((status) => (
        <li key={status}>
          <span className={`stock-dot stock-dot-${status}`} aria-hidden="true" />
          {t(`AVAILABILITY_${status}`)}
        </li>
      ))}
    </ul>
  );
}
