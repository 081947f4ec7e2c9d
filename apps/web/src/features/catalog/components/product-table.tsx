import type { Product } from '@portal/contract/catalog';
import { Table, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { StockDots } from '@/components/stock-dots';
import { openOnEnter } from '../hooks/use-result-navigation';
import { AddToCart } from './add-to-cart';
import { useCatalogContext } from './catalog-context';
import { firstResult, ProductImage } from './product-image';
import { ProductPrice } from './product-price';
import { ProductTags, vehicleOf } from './product-tags';
import { resultKey } from './result-key';

type ProductTableProps = { records: Product[]; onOpen: (product: Product) => void };

/** The list view: one row per result; rows are focusable, Enter or a click opens the detail. */
export function ProductTable({ records, onOpen }: ProductTableProps) {
  const { t } = useTranslation();
  const { canBuy } = useCatalogContext();
  const showPrices = records.some((p) => p.preciocliente !== null || p.pv1d !== null);
  const columns: TableColumnsType<Product> = [
    {
      key: 'image',
      width: 72,
      render: (_, p, index) => (
        <ProductImage src={p.image} alt={p.ref_jumasa} height={52} width={56} first={firstResult(index)} />
      ),
    },
    {
      key: 'ref',
      title: t('UI_Catalog_Reference'),
      width: 150,
      render: (_, p) => (
        <>
          <div className="catalog-ref" data-testid="product-ref">
            {p.ref_jumasa}
          </div>
          <div className="catalog-muted">{p.stw_Proveedor}</div>
        </>
      ),
    },
    {
      key: 'desc',
      title: t('UI_Catalog_Description'),
      render: (_, p) => (
        <>
          <div>{p.descripcion}</div>
          {vehicleOf(p) ? <div className="catalog-muted">{vehicleOf(p)}</div> : null}
          <div style={{ marginTop: 4 }}>
            <ProductTags product={p} />
          </div>
        </>
      ),
    },
    ...(showPrices
      ? [
          {
            key: 'price',
            title: t('UI_Catalog_Price'),
            width: 170,
            render: (_: unknown, p: Product) => <ProductPrice product={p} />,
          },
          {
            key: 'stock',
            title: t('UI_Catalog_Stock'),
            width: 110,
            render: (_: unknown, p: Product) => <StockDots stock={p.stock} />,
          },
        ]
      : []),
    ...(canBuy
      ? [{ key: 'cart', width: 130, render: (_: unknown, p: Product) => <AddToCart product={p} showLabel={false} /> }]
      : []),
  ];

  return (
    <Table<Product>
      size="small"
      rowKey={resultKey}
      columns={columns}
      dataSource={records}
      pagination={false}
      scroll={{ x: 760 }}
      data-testid="product-table"
      onRow={(p, index) =>
        ({
          tabIndex: 0,
          className: 'catalog-item',
          'data-result-index': index,
          'data-testid': 'product-row',
          'aria-label': `${p.ref_jumasa} · ${p.descripcion}`,
          onClick: () => onOpen(p),
          onKeyDown: openOnEnter(() => onOpen(p)),
        }) as HTMLAttributes<HTMLElement>
      }
    />
  );
}
