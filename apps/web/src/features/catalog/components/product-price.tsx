import type { Product } from '@portal/contract/catalog';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';

/** The client's net price and the list price (PVP); nothing for callers the server gives no price. */
export function ProductPrice({ product, size = 'default' }: { product: Product; size?: 'default' | 'large' }) {
  const { t } = useTranslation();
  if (product.preciocliente === null && product.pv1d === null) return null;
  return (
    <div data-testid="product-price" style={{ display: 'flex', alignItems: 'baseline', gap: 8, flexWrap: 'wrap' }}>
      {product.preciocliente !== null ? (
        <span>
          <span className="catalog-muted">{t('UI_Catalog_NetPrice')} </span>
          <span className="catalog-price-net" style={size === 'large' ? { fontSize: 22 } : undefined}>
            {formatMoney(product.preciocliente)}
          </span>
        </span>
      ) : null}
      {product.pv1d !== null ? (
        <span className="catalog-muted">
          {t('UI_Catalog_ListPrice')} {formatMoney(product.pv1d)}
        </span>
      ) : null}
    </div>
  );
}
