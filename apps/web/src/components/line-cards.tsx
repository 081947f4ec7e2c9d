import { Skeleton, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import './line-cards.css';

/**
 * Where a table column's value goes on a line's card on a phone (decision 0070), in the order a reader needs it:
 * - `label`: a small "Línea 1" above the title (the column's title and value);
 * - `title`: the line's name, bold (the article reference, the store);
 * - `subtitle`: under the title (the description, the city);
 * - `figure`: the key figures, two a row with their column titles (quantity, price, amount, stock);
 * - `detail`: the rest, smaller, after the figures (the order a line comes from, VAT);
 * - `action`: the line's button at the card's foot (Devolver).
 * A column without a role is a detail: nothing the table shows is lost on the card.
 */
export type LineCardRole = 'label' | 'title' | 'subtitle' | 'figure' | 'detail' | 'action';

/** A table column with its place on a line's card. */
export type CardColumn<Row> = TableColumnType<Row> & { card?: LineCardRole };

/** The cell's raw value: the row's field named by the column's `dataIndex` (a plain key). */
export function rawValue<Row>(column: CardColumn<Row>, row: Row): unknown {
  const key = column.dataIndex;
  return typeof key === 'string' || typeof key === 'number'
    ? (row as Record<string | number, unknown>)[key]
    : undefined;
}

/** What the table's cell shows: its render, else its raw value. */
export function cellContent<Row>(column: CardColumn<Row>, row: Row, index: number): ReactNode {
  const raw = rawValue(column, row);
  if (column.render) return column.render(raw, row, index) as ReactNode;
  return raw === null || raw === undefined ? null : String(raw);
}

/** An empty value as a dash, as the table's blank cell reads (a figure never looks cut off). */
const orDash = (content: ReactNode): ReactNode =>
  content === null || content === undefined || content === '' ? '—' : content;

const titleOf = <Row,>(column: CardColumn<Row>): ReactNode =>
  typeof column.title === 'function' ? null : (column.title as ReactNode);

type Props<Row> = {
  columns: readonly CardColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The list's accessible name (the table's). */
  label: string;
  /** Shown when there are no rows (and nothing is loading). */
  empty: ReactNode;
  loading?: boolean;
  testId?: string;
  /** Each card's test id and attributes (`data-line` of a document line). */
  itemTestId?: string;
  itemAttributes?: (row: Row) => Record<`data-${string}`, string>;
  /** Under the cards: the table's summary row as the phone shows it (totals). */
  footer?: ReactNode;
};

/**
 * A table's rows as cards on a phone, one card a row, every column kept and placed by its `card` role: the shared
 * way the document lines, the availability dialog and the checkout receipt show on 390 px without sideways
 * scrolling (decision 0070).
 */
export function LineCards<Row>({
  columns,
  rows,
  rowKey,
  label,
  empty,
  loading = false,
  testId,
  itemTestId = 'line-card',
  itemAttributes,
  footer,
}: Props<Row>) {
  if (rows.length === 0) {
    return loading ? <Skeleton active paragraph={{ rows: 3 }} /> : empty;
  }
  const byRole = (role: LineCardRole) => columns.filter((c) => (c.card ?? 'detail') === role);
  const labels = byRole('label');
  const titles = byRole('title');
  const subtitles = byRole('subtitle');
  const figures = byRole('figure');
  const details = byRole('detail');
  const actions = byRole('action');
  const fact = (column: CardColumn<Row>, row: Row, index: number) => (
    <div key={String(column.key)} className="line-card-fact">
      <dt>{titleOf(column)}</dt>
      <dd>{orDash(cellContent(column, row, index))}</dd>
    </div>
  );
  return (
    <>
      <ul className="line-cards" aria-label={label} data-testid={testId}>
        {rows.map((row, index) => (
          <li key={rowKey(row)} className="line-card" data-testid={itemTestId} {...itemAttributes?.(row)}>
            <div className="line-card-head">
              {labels.map((column) => (
                <span key={String(column.key)} className="line-card-label">
                  {titleOf(column)} {cellContent(column, row, index)}
                </span>
              ))}
              {titles.map((column) => (
                <span key={String(column.key)} className="line-card-title" data-testid="line-card-title">
                  {cellContent(column, row, index)}
                </span>
              ))}
              {subtitles.map((column) => (
                <span key={String(column.key)} className="line-card-subtitle">
                  {cellContent(column, row, index)}
                </span>
              ))}
            </div>
            {figures.length > 0 ? (
              <dl className="line-card-figures" data-testid="line-card-figures">
                {figures.map((column) => fact(column, row, index))}
              </dl>
            ) : null}
            {details.length > 0 ? (
              <dl className="line-card-details" data-testid="line-card-details">
                {details.map((column) => fact(column, row, index))}
              </dl>
            ) : null}
            {actions.length > 0 ? (
              <div className="line-card-actions" data-testid="line-card-actions">
                {actions.map((column) => (
                  <span key={String(column.key)}>{cellContent(column, row, index)}</span>
                ))}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {footer}
    </>
  );
}

/** The totals of a table on a phone, under its cards: "Total: 12,00 €" a line each. */
export function CardTotals({
  items,
  testId,
}: {
  items: readonly { key: string; label: ReactNode; value: ReactNode; strong?: boolean }[];
  testId?: string;
}) {
  return (
    <dl className="line-card-totals" data-testid={testId}>
      {items.map((item) => (
        <div key={item.key} className={item.strong ? 'line-card-total-strong' : undefined}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
