import type { FilterOption } from '@portal/contract/grids';
import { displayDocumentId } from '@portal/contract/sales';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatGridDate, parseRelatedIds } from '@/lib/documents/grid-state';
import type { ReportKind } from '@/lib/documents/report-download';
import { formatMoney } from '@/lib/format';
import type { FilterOptionItem, GridColumnDef } from './grid-types';
import { RELATED_DOCUMENTS, RelatedDocuments, type RelatedField, type RelatedKind } from './related-links';
import { ReportLink } from './report-link';

/**
 * The column builders the document grids share (orders, packing slips, invoices, web orders). A builder
 * returns a plain column definition; the grid's screen lists them in the spec's order.
 */

/** The fields of a row that hold a value of type `Value`. */
type FieldOf<Row, Value> = { [K in keyof Row]-?: Row[K] extends Value ? K : never }[keyof Row] & string;

/** The options of a select filter from a settings list (`{id, name}`: stores, delivery modes). */
export const filterOptions = (list: readonly FilterOption[] | undefined): FilterOptionItem[] =>
  (list ?? []).map((o) => ({ value: o.id, label: o.name }));

/** An amount in euros, in the grids' money style. */
export const moneyCell = (value: number) => <span className="doc-money">{formatMoney(value)}</span>;

/** The document id: kept on screen while the grid scrolls sideways, shown without the 41 prefix. */
export function documentIdColumn<Row>(field: FieldOf<Row, string>, title: string): GridColumnDef<Row> {
  return {
    key: field,
    title,
    sortField: field,
    filter: { field, kind: 'text' },
    width: 120,
    fixed: 'left',
    card: 'id',
    render: (r) => <span className="doc-id">{displayDocumentId(r[field] as string)}</span>,
  };
}

/**
 * A date in the reader's language (with the hour when `withTime`: the logs), filtered by a day range (or by one day
 * with `kind` 'date').
 */
export function dateColumn<Row>(
  field: FieldOf<Row, string>,
  title: string,
  kind: 'dateRange' | 'date' = 'dateRange',
  width = 200,
  /** Null: not on the row's card (a second date of the document). */
  card: 'date' | null = 'date',
  withTime = false,
): GridColumnDef<Row> {
  return {
    key: field,
    title,
    sortField: field,
    filter: { field, kind },
    width,
    card: card ?? undefined,
    render: (r) => <span className="doc-nowrap">{formatGridDate(r[field] as string, withTime)}</span>,
  };
}

/** A text shown as it is, filtered by what it contains. */
export function textColumn<Row>(
  field: FieldOf<Row, string | number | null>,
  title: string,
  width: number,
): GridColumnDef<Row> {
  return {
    key: field,
    title,
    sortField: field,
    filter: { field, kind: 'text' },
    width,
    render: (r) => String(r[field] ?? ''),
  };
}

/** An amount in euros, right-aligned (the total in bold); sorted, not filtered. */
export function amountColumn<Row>(
  field: FieldOf<Row, number>,
  title: string,
  width: number,
  strong = false,
): GridColumnDef<Row> {
  return {
    key: field,
    title,
    sortField: field,
    width,
    align: 'right',
    render: (r) => (strong ? <strong>{moneyCell(r[field] as number)}</strong> : moneyCell(r[field] as number)),
  };
}

type SelectFilter = {
  options: readonly FilterOptionItem[];
  /** The field the filter sends when it is not the column's own (the store's id under its name). */
  filterField?: string;
  /** The value of the All option that sends nothing (the status filter's -1). */
  allValue?: string;
  optionsLoading?: boolean;
};

/** A column filtered by a list of values. */
export function selectColumn<Row>(
  field: keyof Row & string,
  title: string,
  width: number,
  { filterField = field, ...select }: SelectFilter,
  render: (row: Row) => ReactNode,
): GridColumnDef<Row> {
  return {
    key: field,
    title,
    sortField: field,
    filter: { field: filterField, kind: 'select', ...select },
    width,
    render,
  };
}

/** The store, filtered by the stores list (rule INVENTLOCATIONID eq). */
export function storeColumn<Row extends { INVENTLOCATIONNAME: string }>(
  t: TFunction,
  stores: readonly FilterOption[] | undefined,
  loading: boolean,
): GridColumnDef<Row> {
  return selectColumn<Row>(
    'INVENTLOCATIONNAME',
    t('UI_Col_Store'),
    150,
    { filterField: 'INVENTLOCATIONID', options: filterOptions(stores), optionsLoading: loading },
    (r) => r.INVENTLOCATIONNAME,
  );
}

/** The delivery mode (its name when it has one), filtered by the delivery modes list (rule DLVMODE eq). */
export function dlvModeColumn<Row extends { DLVMODE: string; DLVMODENAME: string | null }>(
  t: TFunction,
  dlvModes: readonly FilterOption[] | undefined,
  loading: boolean,
): GridColumnDef<Row> {
  return selectColumn<Row>(
    'DLVMODE',
    t('UI_Col_DlvMode'),
    150,
    { options: filterOptions(dlvModes), optionsLoading: loading },
    (r) => r.DLVMODENAME ?? r.DLVMODE,
  );
}

/** The related documents of one kind (`SalesRelated`, …): a link, or "** Varios" with a popup. */
export function relatedColumn<Row extends Partial<Record<RelatedField, string | null>>>(
  t: TFunction,
  kind: RelatedKind,
  of: (row: Row) => string,
): GridColumnDef<Row> {
  const { field, label } = RELATED_DOCUMENTS[kind];
  return {
    key: field,
    title: t(label),
    width: 110,
    card: 'links',
    render: (r) => <RelatedDocuments kind={kind} ids={parseRelatedIds(r[field])} of={of(r)} />,
  };
}

/**
 * The document's files: its PDF and Excel links in one column, fixed on the right so that they stay on
 * screen whatever other columns are shown (decision 0021).
 */
export function reportColumn<Row>(t: TFunction, kind: ReportKind, id: (row: Row) => string): GridColumnDef<Row> {
  return {
    key: 'files',
    title: t('UI_Grid_Files'),
    width: 140,
    fixed: 'right',
    card: 'links',
    render: (r) => (
      <span className="doc-files">
        <ReportLink kind={kind} id={id(r)} format="pdf" />
        <ReportLink kind={kind} id={id(r)} format="excel" />
      </span>
    ),
  };
}

/** The same column, hidden until chosen (a column builder's result, changed). */
export const secondary = <Row,>(column: GridColumnDef<Row>): GridColumnDef<Row> => ({ ...column, secondary: true });

/** The same column, with a place on the row's card. */
export const onCard = <Row,>(column: GridColumnDef<Row>, card: GridColumnDef<Row>['card']): GridColumnDef<Row> => ({
  ...column,
  card,
});
