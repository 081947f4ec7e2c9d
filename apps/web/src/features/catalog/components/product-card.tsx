import { CarOutlined } from '@ant-design/icons';
import type { Product } from '@portal/contract/catalog';
import { Card } from 'antd';
import { StockDots } from '@/components/stock-dots';
import { AddToCart } from './add-to-cart';
import { firstResult, ProductImage } from './product-image';
import { ProductPrice } from './product-price';
import { ProductTags, vehicleOf } from './product-tags';

type ProductCardProps = { product: Product; index: number; onOpen: (product: Product) => void };

/**
 * One result of the grid view: a plain container (its quantity field and add button are controls of their own)
 * whose reference is the button that opens the detail; a click elsewhere on the card opens it too.
 */
export function ProductCard({ product, index, onOpen }: ProductCardProps) {
  const vehicle = vehicleOf(product);
  const descId = `product-desc-${product.id_articulo}-${product.modelo_id ?? 0}`;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a mouse shortcut; the keyboard opens through the reference button
    // biome-ignore lint/a11y/useKeyWithClickEvents: the reference button inside is the keyboard's way to open
    <div className="catalog-item" data-testid="product-card" onClick={() => onOpen(product)}>
      <Card
        hoverable
        size="small"
        className="catalog-card"
        cover={<ProductImage src={product.image} alt={product.ref_jumasa} height={140} first={firstResult(index)} />}
      >
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'baseline' }}>
          <button
            type="button"
            className="catalog-open"
            data-result-index={index}
            data-testid="product-open"
            aria-describedby={descId}
            onClick={(event) => {
              event.stopPropagation();
              onOpen(product);
            }}
          >
            <span className="catalog-ref" data-testid="product-ref">
              {product.ref_jumasa}
            </span>
          </button>
          <span className="catalog-muted" title={product.stw_Proveedor}>
            {product.stw_Proveedor}
          </span>
        </div>
        <div className="catalog-desc" id={descId} title={product.descripcion}>
          {product.descripcion}
        </div>
        <ProductTags product={product} />
        {vehicle ? (
          <div className="catalog-muted" data-testid="product-vehicle">
            <CarOutlined aria-hidden="true" /> {vehicle}
          </div>
        ) : null}
        <div style={{ flex: 1 }} />
        <ProductPrice product={product} />
        <StockDots stock={product.stock} />
        <AddToCart product={product} block />
      </Card>
    </div>
  );
}
