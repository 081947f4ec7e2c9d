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

/** A grid column: what it shows, and the server fields it sorts and filters by (when the grid allows it). */
export type GridColumnDef<Row> = {
  key: string;
  title: string;
  sortField?: string;
  filter?: GridFilterDef;
  width?: number;
  align?: 'left' | 'right' | 'center';
  /** Kept on screen while the grid scrolls sideways (the first column only: the document id). */
  fixed?: boolean;
  render: (row: Row) => ReactNode;
};
