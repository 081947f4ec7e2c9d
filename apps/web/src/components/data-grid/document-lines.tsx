import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { moneyCell } from './columns';
import { RelatedDocuments } from './related-links';

/** The columns a document's lines table shares (orders, packing slips, invoices, web orders). */
type LineColumn<Line> = TableColumnsType<Line>[number];

export function lineNumberColumn<Line>(t: TFunction): LineColumn<Line> {
  return { key: 'line', title: t('UI_Col_Line'), dataIndex: 'LINENUM', width: 70, align: 'right' };
}

export function itemColumn<Line>(t: TFunction): LineColumn<Line> {
  return { key: 'item', title: t('UI_Col_Item'), dataIndex: 'ITEMID', width: 140, className: 'doc-nowrap' };
}

/** The description takes the width the other columns leave. */
export function descriptionColumn<Line>(t: TFunction): LineColumn<Line> {
  return { key: 'name', title: t('UI_Col_Description'), dataIndex: 'NAME' };
}

export function quantityColumn<Line>(t: TFunction, field: keyof Line & string, width = 90): LineColumn<Line> {
  return { key: 'qty', title: t('UI_Col_Quantity'), dataIndex: field, width, align: 'right' };
}

/**
 * What the app puts at the end of each line (the returns area's Devolver): kept at the right edge while the other
 * columns scroll sideways on a narrow screen, so a phone sees the action of every line without scrolling.
 */
export function lineActionColumn<Line>(render: (line: Line) => ReactNode): LineColumn<Line> {
  return { key: 'action', title: '', width: 130, fixed: 'right', render: (_, l) => render(l) };
}

/** An amount of the line in euros (price, list price, line amount, VAT). */
export function lineMoneyColumn<Line>(
  key: string,
  title: string,
  value: (line: Line) => number,
  width = 110,
): LineColumn<Line> {
  return { key, title, width, align: 'right', render: (_, l) => moneyCell(value(l)) };
}

/** The line discount in %, blank without one. */
export function discountColumn<Line extends { LINEPERCENT: number }>(t: TFunction): LineColumn<Line> {
  return {
    key: 'discount',
    title: t('UI_Col_Discount'),
    width: 90,
    align: 'right',
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
