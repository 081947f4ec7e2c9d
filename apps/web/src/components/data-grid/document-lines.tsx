import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { CardColumn } from '@/components/line-cards';
import { moneyCell } from './columns';
import { RelatedDocuments } from './related-links';

/**
 * The columns a document's lines table shares (orders, packing slips, invoices, web orders), each with its place on
 * the line's card on a phone (decision 0070): reference and description first, then quantity, price, discount and
 * amount, then the rest, and the line's action at the foot.
 */
type LineColumn<Line> = CardColumn<Line>;

export function lineNumberColumn<Line>(t: TFunction): LineColumn<Line> {
  return { key: 'line', title: t('UI_Col_Line'), dataIndex: 'LINENUM', width: 70, align: 'right', card: 'label' };
}

export function itemColumn<Line>(t: TFunction): LineColumn<Line> {
  return {
    key: 'item',
    title: t('UI_Col_Item'),
    dataIndex: 'ITEMID',
    width: 140,
    className: 'doc-nowrap',
    card: 'title',
  };
}

/** The description takes the width the other columns leave. */
export function descriptionColumn<Line>(t: TFunction): LineColumn<Line> {
  return { key: 'name', title: t('UI_Col_Description'), dataIndex: 'NAME', card: 'subtitle' };
}

export function quantityColumn<Line>(t: TFunction, field: keyof Line & string, width = 90): LineColumn<Line> {
  return { key: 'qty', title: t('UI_Col_Quantity'), dataIndex: field, width, align: 'right', card: 'figure' };
}

/**
 * What the app puts at the end of each line (the returns area's Devolver): kept at the right edge while the other
 * columns scroll sideways on a tablet; on a phone, at the foot of the line's card.
 */
export function lineActionColumn<Line>(render: (line: Line) => ReactNode): LineColumn<Line> {
  return { key: 'action', title: '', width: 130, fixed: 'right', card: 'action', render: (_, l) => render(l) };
}

/** An amount of the line in euros (price, list price, line amount, VAT): a key figure of its card, or a detail. */
export function lineMoneyColumn<Line>(
  key: string,
  title: string,
  value: (line: Line) => number,
  width = 110,
  card: 'figure' | 'detail' = 'figure',
): LineColumn<Line> {
  return { key, title, width, align: 'right', card, render: (_, l) => moneyCell(value(l)) };
}

/** The line discount in %, blank without one. */
export function discountColumn<Line extends { LINEPERCENT: number }>(t: TFunction): LineColumn<Line> {
  return {
    key: 'discount',
    title: t('UI_Col_Discount'),
    width: 90,
    align: 'right',
    card: 'figure',
    render: (_, l) => (l.LINEPERCENT ? `${l.LINEPERCENT} %` : ''),
  };
}

/** The order a packing slip or invoice line comes from, as a link (`of`: the document shown). */
export function orderLineColumn<Line extends { SALESID: string }>(t: TFunction, of: string): LineColumn<Line> {
  return {
    key: 'order',
    title: t('UI_Col_Order'),
    width: 130,
    render: (_, l) => <RelatedDocuments kind="sales" ids={[l.SALESID]} of={of} />,
  };
}
