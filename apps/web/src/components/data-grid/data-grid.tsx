import { ClearOutlined, FilterOutlined } from '@ant-design/icons';
import { LIMITS } from '@portal/contract/constants';
import { GRID_PAGE_SIZES } from '@portal/contract/grids';
import { Badge, Button, Empty, Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import {
  createContext,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useContext,
  useId,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { activeFilterCount, type FilterValue } from '@/lib/documents/grid-state';
import { useMediaQuery } from '@/lib/use-media-query';
import { GridFilterControl } from './grid-filter-control';
import type { GridColumnDef } from './grid-types';
import type { JqGrid } from './use-jq-grid';
import './data-grid.css';

type FilterRow = {
  columns: readonly GridColumnDef<never>[];
  filterable: (column: GridColumnDef<never>) => boolean;
  values: Readonly<Record<string, FilterValue | undefined>>;
  onChange: (field: string, value: FilterValue | undefined) => void;
};
const FilterRowContext = createContext<FilterRow | null>(null);

/** The grid's header with the filter toolbar row of jqGrid under the titles (wide screens). */
function HeaderWithFilters(props: HTMLAttributes<HTMLTableSectionElement>) {
  const row = useContext(FilterRowContext);
  const { children, ...rest } = props;
  return (
    <thead {...rest}>
      {children}
      {row ? (
        <tr className="doc-grid-filter-row" data-testid="grid-filter-row">
          {row.columns.map((column) => (
            <th
              key={column.key}
              className={`ant-table-cell doc-grid-filter-cell${column.fixed ? ' doc-grid-filter-cell-fixed' : ''}`}
            >
              {column.filter && row.filterable(column) ? (
                <GridFilterControl
                  def={column.filter}
                  column={column.title}
                  value={row.values[column.filter.field]}
                  onChange={(value) => row.onChange(column.filter?.field ?? '', value)}
                />
              ) : null}
            </th>
          ))}
        </tr>
      ) : null}
    </thead>
  );
}
const headerComponents = { header: { wrapper: HeaderWithFilters } };

const isActivation = (e: KeyboardEvent) => e.key === 'Enter' || e.key === ' ';

/** Arrow keys move between the grid's rows; Enter or Space selects one. */
function onRowKeyDown(e: KeyboardEvent<HTMLElement>, select: () => void) {
  if (e.target !== e.currentTarget) return;
  if (isActivation(e)) {
    e.preventDefault();
    select();
  } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    e.preventDefault();
    const next = e.key === 'ArrowDown' ? e.currentTarget.nextElementSibling : e.currentTarget.previousElementSibling;
    if (next instanceof HTMLElement && next.tabIndex >= 0) next.focus();
  }
}

type DataGridProps<Row> = {
  grid: JqGrid<Row>;
  rowKey: (row: Row) => string;
  isSelected: (row: Row) => boolean;
  onSelect: (row: Row) => void;
  /** The grid's accessible name (the screen title). */
  label: string;
  emptyText: string;
  /** Controls shown before the filter buttons (product filter, admin actions). */
  toolbar?: ReactNode;
  testId: string;
};

/**
 * A document grid: server-side sorting (only the columns the grid definition allows), a filter toolbar per
 * column (a collapsible panel at <= 979 px), paging with 10/20/30 rows, and row selection by click or key.
 */
export function DataGrid<Row extends object>({
  grid,
  rowKey,
  isSelected,
  onSelect,
  label,
  emptyText,
  toolbar,
  testId,
}: DataGridProps<Row>) {
  const { t } = useTranslation();
  const panelId = useId();
  const narrow = useMediaQuery(`(max-width: ${LIMITS.mobileBreakpointPx}px)`);
  const [panelOpen, setPanelOpen] = useState(false);
  const { definition, columns, specs, state, result } = grid;
  const data = result.data;
  const activeFilters = activeFilterCount(specs, state.filters);

  const filterable = useCallback(
    (column: GridColumnDef<never>) => !!column.filter && definition.columns[column.filter.field]?.filterable === true,
    [definition],
  );
  const hasFilters = columns.some((c) => filterable(c as GridColumnDef<never>));

  // Without the filter row a date column needs no room for its range picker.
  const widthOf = (column: GridColumnDef<Row>) =>
    narrow && column.filter?.kind === 'dateRange' ? 140 : (column.width ?? 120);
  const tableColumns: TableColumnsType<Row> = columns.map((column) => {
    const sortable = !!column.sortField && definition.columns[column.sortField]?.sortable === true;
    const sorted = sortable && state.sidx === column.sortField;
    return {
      key: column.key,
      dataIndex: column.sortField ?? column.key,
      title: column.title,
      width: widthOf(column),
      align: column.align,
      ellipsis: true,
      fixed: column.fixed ? ('left' as const) : undefined,
      render: (_: unknown, row: Row) => column.render(row),
      ...(sortable
        ? {
            sorter: true,
            sortOrder: sorted ? (state.sord === 'asc' ? 'ascend' : 'descend') : null,
            sortDirections: ['ascend', 'descend', 'ascend'] as const,
            showSorterTooltip: false,
          }
        : {}),
    };
  });
  const scrollX = columns.reduce((sum, c) => sum + widthOf(c), 0);

  const filterRow = useMemo<FilterRow>(
    () => ({
      columns: columns as readonly GridColumnDef<never>[],
      filterable,
      values: state.filters,
      onChange: grid.setFilter,
    }),
    [columns, filterable, state.filters, grid.setFilter],
  );

  const pagination: TablePaginationConfig = {
    current: data?.page && data.page > 0 ? data.page : state.page,
    pageSize: state.rows,
    total: data?.records ?? 0,
    showSizeChanger: true,
    pageSizeOptions: GRID_PAGE_SIZES.map(String),
    placement: ['bottomEnd'],
    showTotal: (total, range) =>
      data?.more
        ? t('UI_Grid_RangeMore', { from: range[0], to: range[1], total })
        : t('UI_Grid_Range', { from: range[0], to: range[1], total }),
  };

  return (
    <section className="doc-grid" aria-label={label} data-testid={testId}>
      {toolbar || hasFilters ? (
        <div className="doc-grid-toolbar">
          {toolbar}
          <div className="doc-grid-toolbar-end">
            {narrow && hasFilters ? (
              <Badge count={activeFilters} size="small">
                <Button
                  icon={<FilterOutlined />}
                  aria-expanded={panelOpen}
                  aria-controls={panelId}
                  onClick={() => setPanelOpen((open) => !open)}
                  data-testid="grid-filters-toggle"
                >
                  {t('UI_Grid_Filters')}
                </Button>
              </Badge>
            ) : null}
            {activeFilters > 0 ? (
              <Button icon={<ClearOutlined />} onClick={grid.clearFilters} data-testid="grid-clear-filters">
                {t('UI_Grid_ClearFilters')}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
      {narrow && hasFilters ? (
        <div id={panelId} className="doc-grid-filter-panel" hidden={!panelOpen} data-testid="grid-filter-panel">
          {columns.map((column) =>
            column.filter && filterable(column as GridColumnDef<never>) ? (
              <div key={column.key} className="doc-grid-filter-field">
                <span className="doc-grid-filter-label" aria-hidden="true">
                  {column.title}
                </span>
                <GridFilterControl
                  def={column.filter}
                  column={column.title}
                  value={state.filters[column.filter.field]}
                  onChange={(value) => grid.setFilter(column.filter?.field ?? '', value)}
                />
              </div>
            ) : null,
          )}
        </div>
      ) : null}
      <FilterRowContext.Provider value={narrow ? null : filterRow}>
        <Table<Row>
          size="small"
          bordered
          rowKey={rowKey}
          columns={tableColumns}
          dataSource={data?.rows ?? []}
          loading={result.isFetching}
          pagination={pagination}
          scroll={{ x: scrollX }}
          components={narrow ? undefined : headerComponents}
          aria-label={label}
          locale={{ emptyText: result.isPending ? ' ' : <Empty description={emptyText} /> }}
          rowClassName={(row) => (isSelected(row) ? 'doc-grid-row doc-grid-row-selected' : 'doc-grid-row')}
          onRow={(row) =>
            ({
              tabIndex: 0,
              'aria-current': isSelected(row) ? 'true' : undefined,
              'data-testid': 'grid-row',
              onClick: () => onSelect(row),
              onKeyDown: (e: KeyboardEvent<HTMLElement>) => onRowKeyDown(e, () => onSelect(row)),
            }) as HTMLAttributes<HTMLElement>
          }
          onChange={(page, _filters, sorter, extra) => {
            if (extra.action === 'sort') {
              const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
              const field = typeof one?.field === 'string' ? one.field : undefined;
              grid.setSort(one?.order ? field : undefined, one?.order === 'ascend' ? 'asc' : 'desc');
            } else if (extra.action === 'paginate') {
              if (page.pageSize && page.pageSize !== state.rows) grid.setPageSize(page.pageSize);
              else if (page.current) grid.setPage(page.current);
            }
          }}
        />
      </FilterRowContext.Provider>
    </section>
  );
}
