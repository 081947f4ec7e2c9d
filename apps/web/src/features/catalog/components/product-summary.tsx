import { CarOutlined, ShopOutlined } from '@ant-design/icons';
import type { Product } from '@portal/contract/catalog';
import { Button, Descriptions, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddToList } from '@/components/add-to-list';
import { StockDots } from '@/components/stock-dots';
import { AddToCart } from './add-to-cart';
import { AvailabilityModal } from './availability-modal';
import { useCatalogContext } from './catalog-context';
import { ProductPrice } from './product-price';
import { ProductTags, vehicleOf } from './product-tags';

/** The detail's text side: reference, description, codes, prices, stock, availability and add to cart. */
export function ProductSummary({ product }: { product: Product }) {
  const { t } = useTranslation();
  const { canBuy } = useCatalogContext();
  const [availabilityOpen, setAvailabilityOpen] = useState(false);
  const vehicle = vehicleOf(product);
  const signedInView = product.stock !== null || product.preciocliente !== null;

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div>
        <div className="catalog-ref" style={{ fontSize: 22 }} data-testid="detail-ref">
          {product.ref_jumasa}
        </div>
        <div style={{ fontSize: 16, color: '#344054' }} data-testid="detail-description">
          {product.descripcion}
        </div>
      </div>
      <ProductTags product={product} />
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'supplier', label: t('UI_Catalog_Supplier'), children: product.stw_Proveedor },
          {
            key: 'family',
            label: t('UI_Catalog_Family'),
            children: `${product.familia_id} · ${t(`FAMILY_${product.familia_id}`)}`,
          },
          {
            key: 'oem',
            label: t('UI_Catalog_OemCodes'),
            children: product.oem.length ? (
              <ul
                style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4, listStyle: 'none', margin: 0, padding: 0 }}
                data-testid="detail-oem"
              >
                {product.oem.map((code) => (
                  <li key={code}>
                    <Tag style={{ marginInlineEnd: 0, fontFamily: 'monospace' }}>{code}</Tag>
                  </li>
                ))}
              </ul>
            ) : (
              '—'
            ),
          },
          ...(product.eurocode
            ? [{ key: 'eurocode', label: t('UI_Catalog_Eurocode'), children: <code>{product.eurocode}</code> }]
            : []),
          ...(vehicle
            ? [
                {
                  key: 'vehicle',
                  label: t('UI_Catalog_Vehicle'),
                  children: (
                    <>
                      <CarOutlined aria-hidden="true" /> {vehicle}
                    </>
                  ),
                },
              ]
            : []),
        ]}
      />
      <ProductPrice product={product} size="large" />
      {signedInView ? (
        <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
          <StockDots stock={product.stock} />
          <Button icon={<ShopOutlined />} onClick={() => setAvailabilityOpen(true)} data-testid="open-availability">
            {t('UI_Catalog_CheckAvailability')}
          </Button>
        </div>
      ) : null}
      <AddToCart product={product} />
      {canBuy ? <AddToList article={{ id: product.id_articulo, ref: product.ref_jumasa }} /> : null}
      <AvailabilityModal product={product} open={availabilityOpen} onClose={() => setAvailabilityOpen(false)} />
    </div>
  );
}
