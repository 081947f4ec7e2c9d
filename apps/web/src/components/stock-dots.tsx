import type { StockStatus } from '@portal/contract/catalog';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import './stock-dots.css';

type StockDotProps = { store: string; status: StockStatus };

/**
 * Spec part 1 §4: 2 available (green), 1 in another store (yellow), 0 none and 3 no information (red).
 * Shared by the catalogue (results, availability) and the cart (the store of each line).
 */
export function StockDot({ store, status }: StockDotProps) {
  const { t } = useTranslation();
  const label = t('UI_Catalog_StockInStore', { store, status: t(`AVAILABILITY_${status}`) });
  return (
    <Tooltip title={label}>
      <span role="img" aria-label={label} className={`stock-dot stock-dot-${status}`} data-status={status} />
    </Tooltip>
  );
}

/** One dot per store (signed-in users only: anonymous records carry no stock). */
export function StockDots({ stock }: { stock: readonly { id_almacen: string; status: StockStatus }[] | null }) {
  const { t } = useTranslation();
  if (!stock?.length) return null;
  return (
    <span className="stock-dots" data-testid="stock-dots" title={t('UI_Catalog_StockByStore')}>
      {stock.map((s) => (
        <StockDot key={s.id_almacen} store={s.id_almacen} status={s.status} />
      ))}
    </span>
  );
}
