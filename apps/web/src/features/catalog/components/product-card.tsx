import { CarOutlined } from '@ant-design/icons';
import type { Product } from '@portal/contract/catalog';
import { Card } from 'antd';
import { StockDots } from '@/components/stock-dots';
import { openOnEnter } from '../hooks/use-result-navigation';
import { AddToCart } from './add-to-cart';
import { ProductImage } from './product-image';
import { ProductPrice } from './product-price';
import { ProductTags, vehicleOf } from './product-tags';

type ProductCardProps = { product: Product; index: number; onOpen: (product: Product) => void };

/** One result of the grid view; focusable, Enter or a click opens the detail. */
export function ProductCard({ product, index, onOpen }: ProductCardProps) {
  const vehicle = vehicleOf(product);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a card holding controls cannot be a <button>
    <div
      role="button"
      tabIndex={0}
      className="catalog-item"
      data-result-index={index}
      data-testid="product-card"
      aria-label={`${product.ref_jumasa} · ${product.descripcion}`}
      onClick={() => onOpen(product)}
      onKeyDown={openOnEnter(() => onOpen(product))}
    >
      <Card
        hoverable
        size="small"
        className="catalog-card"
        cover={<ProductImage src={product.image} alt={product.ref_jumasa} height={140} />}
      >
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'baseline' }}>
          <span className="catalog-ref" data-testid="product-ref">
            {product.ref_jumasa}
          </span>
          <span className="catalog-muted" title={product.stw_Proveedor}>
            {product.stw_Proveedor}
          </span>
        </div>
        <div className="catalog-desc" title={product.descripcion}>
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
