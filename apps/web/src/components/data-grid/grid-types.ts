import type { ReactNode } from 'react';
import type { FilterSpec } from '@/lib/documents/grid-state';

export type FilterOptionItem = { value: string; label: string };

/** A column's toolbar filter: the server field it filters, how, and (selects) its options. */
export type GridFilterDef = FilterSpec & {
  field: string;
  /** Select options (the All option is added from `allValue`, or as an empty choice). */
  options?: readonly FilterOptionItem[];
  optionsLoading?: boolean;
};

/**
 * Where a column's value shows on a row's card (narrow screens, decision 0021): the card's title (the id),
 * its status, its date and amount, and its document links. Columns without a role are not on the card.
 */
export type CardRole = 'id' | 'status' | 'date' | 'amount' | 'links';

/** A grid column: what it shows, and the server fields it sorts and filters by (when the grid allows it). */
export type GridColumnDef<Row> = {
  key: string;
  title: string;
  sortField?: string;
  filter?: GridFilterDef;
  width?: number;
  align?: 'left' | 'right' | 'center';
  /**
   * Kept on screen while the grid scrolls sideways: the document id on the left, the document links (Excel,
   * PDF, receipt) on the right. Fixed columns are always shown (not in the column chooser).
   */
  fixed?: 'left' | 'right';
  /** Hidden until the user shows it with the column chooser (a secondary column, decision 0021). */
  secondary?: boolean;
  /** The column's place on the row's card below 980 px. */
  card?: CardRole;
  render: (row: Row) => ReactNode;
};
