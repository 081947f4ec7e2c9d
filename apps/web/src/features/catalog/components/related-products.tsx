import type { Product } from '@portal/contract/catalog';
import { Empty, Pagination } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductImage } from './product-image';
import { ProductPrice } from './product-price';

const PAGE = 12;

/** Related articles as small cards (a page of 12 at a time: the server may send up to 900); a click shows one. */
export function RelatedProducts({ products, onSelect }: { products: Product[]; onSelect: (p: Product) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  if (products.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('UI_Catalog_NoRelated')} />;
  const shown = products.slice((page - 1) * PAGE, page * PAGE);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div className="catalog-related-grid">
        {shown.map((p) => (
          <button
            key={`${p.id_articulo}-${p.modelo_id ?? 0}`}
            type="button"
            className="catalog-item"
            data-testid="related-product"
            onClick={() => onSelect(p)}
            style={{
              textAlign: 'start',
              background: '#fff',
              border: '1px solid #eaecf0',
              padding: 8,
              display: 'flex',
              flexDirection: 'column',
              gap: 4,
              font: 'inherit',
            }}
          >
            <ProductImage src={p.image} alt={p.ref_jumasa} height={80} />
            <span className="catalog-ref" style={{ fontSize: 13 }}>
              {p.ref_jumasa}
            </span>
            <span className="catalog-desc" style={{ fontSize: 12 }}>
              {p.descripcion}
            </span>
            <span className="catalog-muted">{t(`FAMILY_${p.familia_id}`)}</span>
            <ProductPrice product={p} />
          </button>
        ))}
      </div>
      {products.length > PAGE ? (
        <Pagination
          size="small"
          align="center"
          current={page}
          pageSize={PAGE}
          total={products.length}
          showSizeChanger={false}
          onChange={setPage}
        />
      ) : null}
    </div>
  );
}
