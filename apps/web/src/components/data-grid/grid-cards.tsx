import { Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import type { GridColumnDef } from './grid-types';

type Props<Row> = {
  rows: readonly Row[];
  columns: readonly GridColumnDef<Row>[];
  rowKey: (row: Row) => string;
  isSelected: (row: Row) => boolean;
  onSelect: (row: Row) => void;
  label: string;
  pending: boolean;
  emptyText: string;
};

/**
 * The rows of a document grid as cards (at 979 px and below, decision 0021): the id (a button that selects
 * the document) with its status, the date and amount, and the document links, each a tab stop of its own.
 */
export function GridCards<Row>({ rows, columns, rowKey, isSelected, onSelect, label, pending, emptyText }: Props<Row>) {
  const byRole = (role: GridColumnDef<Row>['card']) => columns.filter((c) => c.card === role);
  const [idColumn] = byRole('id');
  const status = byRole('status');
  const facts = columns.filter((c) => c.card === 'date' || c.card === 'amount');
  const links = byRole('links');

  if (rows.length === 0) {
    return pending ? <Skeleton active /> : <Empty description={emptyText} />;
  }
  const fact = (column: GridColumnDef<Row>, row: Row, className: string): ReactNode => (
    <div key={column.key} className={className}>
      <dt>{column.title}</dt>
      <dd>{column.render(row)}</dd>
    </div>
  );
  return (
    <ul className="doc-cards" aria-label={label} data-testid="grid-cards">
      {rows.map((row) => {
        const selected = isSelected(row);
        return (
          // The id button is the keyboard way to select; a tap anywhere else on the card does the same.
          // biome-ignore lint/a11y/useKeyWithClickEvents: the card's id button handles the keyboard
          <li
            key={rowKey(row)}
            className={`doc-card${selected ? ' doc-card-selected' : ''}`}
            data-testid="grid-card"
            onClick={(e) => {
              if ((e.target as HTMLElement).closest('a, button') === null) onSelect(row);
            }}
          >
            <div className="doc-card-head">
              <button
                type="button"
                className="doc-card-select"
                aria-current={selected ? 'true' : undefined}
                onClick={() => onSelect(row)}
                data-testid="grid-card-select"
              >
                <span className="doc-card-label">{idColumn?.title}</span>
                {idColumn?.render(row)}
              </button>
              {status.map((column) => (
                <span key={column.key} className="doc-card-status" data-testid="grid-card-status">
                  {column.render(row)}
                </span>
              ))}
            </div>
            <dl className="doc-card-facts" data-testid="grid-card-facts">
              {facts.map((column) => fact(column, row, 'doc-card-fact'))}
            </dl>
            {links.length > 0 ? (
              <dl className="doc-card-links" data-testid="grid-card-links">
                {links.map((column) => fact(column, row, 'doc-card-link'))}
              </dl>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
