import type { CartLine } from '@portal/contract/cart';
import { Table, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import { hasValidStore } from '../cart-state';
import { LineActions } from './line-actions';
import { LineJobRef } from './line-job-ref';
import { LineQuantity } from './line-quantity';
import { LineStoreSelect } from './line-store-select';
import { LineSupplyNote } from './line-supply-note';

type CartLinesProps = { lines: CartLine[]; highlight: boolean };

/** The cart lines on a wide screen: article, store, quantity, unit prices, amounts, actions. */
export function CartLinesTable({ lines, highlight }: CartLinesProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<CartLine> = [
    {
      key: 'article',
      title: t('UI_Cart_Article'),
      render: (_, l) => (
        <>
          <div className="cart-ref" data-testid="line-ref">
            {l.ref_jumasa}
          </div>
          <div>{l.descripcion}</div>
          <div className="cart-muted">{l.stw_Proveedor}</div>
          <LineJobRef line={l} />
        </>
      ),
    },
    {
      key: 'store',
      title: t('UI_Cart_Store'),
      width: 230,
      render: (_, l) => (
        <>
          <LineStoreSelect line={l} highlight={highlight} />
          <LineSupplyNote line={l} />
        </>
      ),
    },
    { key: 'qty', title: t('UI_Cart_Quantity'), width: 104, render: (_, l) => <LineQuantity line={l} /> },
    {
      key: 'pv1d',
      title: t('UI_Cart_ListPrice'),
      align: 'right',
      width: 100,
      render: (_, l) => <span className="cart-money">{formatMoney(l.pv1d)}</span>,
    },
    {
      key: 'preciocliente',
      title: t('UI_Cart_NetPrice'),
      align: 'right',
      width: 100,
      render: (_, l) => <span className="cart-money">{formatMoney(l.preciocliente)}</span>,
    },
    {
      key: 'amount',
      title: t('UI_Cart_Amount'),
      align: 'right',
      width: 120,
      render: (_, l) => (
        <>
          <div className="cart-money cart-net" data-testid="line-net">
            {formatMoney(l.netAmount)}
          </div>
          <div className="cart-money cart-muted" title={t('UI_Cart_ListAmount')}>
            {t('UI_Cart_ListShort')} {formatMoney(l.listAmount)}
          </div>
        </>
      ),
    },
    { key: 'actions', width: 84, render: (_, l) => <LineActions line={l} /> },
  ];

  return (
    <Table<CartLine>
      size="small"
      rowKey="id_linea"
      columns={columns}
      dataSource={lines}
      pagination={false}
      scroll={{ x: 900 }}
      data-testid="cart-lines"
      onRow={(l) =>
        ({
          'data-testid': 'cart-line',
          'data-ref': l.ref_jumasa,
          className: highlight && !hasValidStore(l) ? 'cart-line-missing' : undefined,
        }) as HTMLAttributes<HTMLElement>
      }
    />
  );
}
