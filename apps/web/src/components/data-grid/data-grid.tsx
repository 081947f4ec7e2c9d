import { ClearOutlined, FilterOutlined } from '@ant-design/icons';
import { LIMITS } from '@portal/contract/constants';
import {
  Badge,
  Button,
  Empty,
  Pagination,
  Select,
  Table,
  type TableColumnsType,
  type TablePaginationConfig,
} from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import {
  cloneElement,
  createContext,
  type HTMLAttributes,
  isValidElement,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useContext,
  useId,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { activeFilterCount, type FilterValue, filterRules, pageSizesOf } from '@/lib/documents/grid-state';
import { useMediaQuery } from '@/lib/use-media-query';
import { ColumnChooser, useColumnChoice } from './column-chooser';
import { GridCards } from './grid-cards';
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
              className={`ant-table-cell doc-grid-filter-cell${column.fixed ? ` doc-grid-filter-cell-${column.fixed}` : ''}`}
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
 * column, paging with 10/20/30 rows, and row selection by click or key. Secondary columns wait in the column
 * chooser; the id is fixed on the left and the document links on the right. At <= 979 px the rows are cards
 * and the filters and the sort fold into a panel (decision 0021).
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
  const { definition, columns: allColumns, specs, state, result } = grid;
  const data = result.data;
  const activeFilters = activeFilterCount(specs, state.filters) + (grid.product ? 1 : 0);
  const chosen = useColumnChoice(testId, allColumns);
  // A hidden column whose filter holds a value shows, so that no filter acts out of sight.
  const filtered = useMemo(
    () => new Set(filterRules(specs, state.filters).map((rule) => rule.field)),
    [specs, state.filters],
  );
  const columns = useMemo(
    () => allColumns.filter((c) => chosen.visible.includes(c) || (c.filter && filtered.has(c.filter.field))),
    [allColumns, chosen.visible, filtered],
  );

  const filterable = useCallback(
    (column: GridColumnDef<never>) => !!column.filter && definition.columns[column.filter.field]?.filterable === true,
    [definition],
  );
  const hasFilters = allColumns.some((c) => filterable(c as GridColumnDef<never>));
  const sortable = (column: GridColumnDef<Row>) =>
    !!column.sortField && definition.columns[column.sortField]?.sortable === true;

  const widthOf = (column: GridColumnDef<Row>) => column.width ?? 120;
  const tableColumns: TableColumnsType<Row> = columns.map((column) => {
    const canSort = sortable(column);
    const sorted = canSort && state.sidx === column.sortField;
    return {
      key: column.key,
      dataIndex: column.sortField ?? column.key,
      title: column.title,
      width: widthOf(column),
      align: column.align,
      ellipsis: true,
      fixed: column.fixed,
      render: (_: unknown, row: Row) => column.render(row),
      ...(canSort
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

  const current = data?.page && data.page > 0 ? data.page : state.page;
  const pagination: TablePaginationConfig = {
    current,
    // The current page's link says it is (Ant Design marks it by a class only).
    itemRender: (page, type, element) =>
      type === 'page' && page === current && isValidElement<{ 'aria-current'?: string }>(element)
        ? cloneElement(element, { 'aria-current': 'page' })
        : element,
    pageSize: state.rows,
    total: data?.records ?? 0,
    showSizeChanger: true,
    pageSizeOptions: pageSizesOf(definition).map(String),
    placement: ['bottomEnd'],
    showTotal: (total, range) =>
      data?.more
        ? t('UI_Grid_RangeMore', { from: range[0], to: range[1], total })
        : t('UI_Grid_Range', { from: range[0], to: range[1], total }),
  };

  // The sort of the cards (narrow screens): a sortable column and its order, as the table's headers sort.
  const sortOptions = allColumns.filter(sortable).flatMap((column) => [
    { value: `${column.sortField}:asc`, label: `${column.title} · ${t('UI_Grid_SortAsc')}` },
    { value: `${column.sortField}:desc`, label: `${column.title} · ${t('UI_Grid_SortDesc')}` },
  ]);
  const sortLabelId = `${panelId}-sort`;

  return (
    <section className="doc-grid" aria-label={label} data-testid={testId}>
      <div className="doc-grid-toolbar">
        {toolbar}
        <div className="doc-grid-toolbar-end">
          {narrow ? (
            <Badge count={activeFilters} size="small">
              <Button
                icon={<FilterOutlined />}
                aria-expanded={panelOpen}
                aria-controls={panelId}
                onClick={() => setPanelOpen((open) => !open)}
                data-testid="grid-filters-toggle"
              >
                {hasFilters ? t('UI_Grid_FiltersAndSort') : t('UI_Grid_Sort')}
              </Button>
            </Badge>
          ) : (
            <ColumnChooser
              columns={allColumns}
              choice={chosen.choice}
              onChange={chosen.setShown}
              onReset={chosen.reset}
            />
          )}
          {activeFilters > 0 ? (
            <Button icon={<ClearOutlined />} onClick={grid.clearFilters} data-testid="grid-clear-filters">
              {t('UI_Grid_ClearFilters')}
            </Button>
          ) : null}
        </div>
      </div>
      {narrow ? (
        <div id={panelId} className="doc-grid-filter-panel" hidden={!panelOpen} data-testid="grid-filter-panel">
          <div className="doc-grid-filter-field">
            <span id={sortLabelId} className="doc-grid-filter-label">
              {t('UI_Grid_SortBy')}
            </span>
            <Select
              value={`${state.sidx}:${state.sord}`}
              options={sortOptions}
              aria-labelledby={sortLabelId}
              data-testid="grid-sort"
              style={{ width: '100%' }}
              onChange={(value: string) => {
                const [sidx, sord] = value.split(':');
                grid.setSort(sidx, sord === 'asc' ? 'asc' : 'desc');
              }}
            />
          </div>
          {allColumns.map((column) =>
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
      {narrow ? (
        <>
          <GridCards<Row>
            rows={data?.rows ?? []}
            columns={allColumns}
            rowKey={rowKey}
            isSelected={isSelected}
            onSelect={onSelect}
            label={label}
            pending={result.isPending}
            emptyText={emptyText}
          />
          <Pagination
            className="doc-cards-pagination"
            size="small"
            current={pagination.current}
            pageSize={pagination.pageSize}
            total={pagination.total}
            showSizeChanger
            pageSizeOptions={pagination.pageSizeOptions}
            showTotal={pagination.showTotal}
            itemRender={pagination.itemRender}
            onChange={(page, pageSize) => {
              if (pageSize !== state.rows) grid.setPageSize(pageSize);
              else grid.setPage(page);
            }}
          />
        </>
      ) : (
        <FilterRowContext.Provider value={filterRow}>
          <Table<Row>
            size="small"
            bordered
            rowKey={rowKey}
            columns={tableColumns}
            dataSource={data?.rows ?? []}
            loading={result.isFetching}
            pagination={pagination}
            scroll={{ x: scrollX }}
            components={headerComponents}
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
      )}
    </section>
  );
}
