// @vitest-environment jsdom
import type { GridDefinition, GridResponse } from '@portal/contract/grids';
import { queryOptions } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GridParams } from '@/lib/documents/grid-state';
import { addTexts, renderWithProviders } from '@/test/render';
import { DataGrid } from './data-grid';
import type { GridColumnDef } from './grid-types';
import { useJqGrid } from './use-jq-grid';

/**
 * The document grid with the rows a test sets: 25 orders answered page by page in the order and with the filter
 * asked, as the server's jqGrid calls answer (`page`, `total`, `records`, `rows`); the requests are kept.
 */
type Order = { id: string; customer: string; amount: number };
const CUSTOMERS = ['Talleres Ruiz', 'Recambios Sol', 'Autos Vega', 'Garaje Norte', 'Motor Sur'];
const ORDERS: Order[] = Array.from({ length: 25 }, (_, i) => ({
  id: `P${String(i + 1).padStart(4, '0')}`,
  customer: CUSTOMERS[i % CUSTOMERS.length] ?? '',
  amount: (i + 1) * 10,
}));

const definition: GridDefinition = {
  columns: {
    id: { type: 'text', sortable: true, filterable: true },
    customer: { type: 'text', sortable: true, filterable: true },
    amount: { type: 'number', sortable: false, filterable: false },
  },
  defaultSort: { sidx: 'id', sord: 'desc' },
};
const columns: GridColumnDef<Order>[] = [
  { key: 'id', title: 'Order', sortField: 'id', filter: { field: 'id', kind: 'text', op: 'bw' }, render: (o) => o.id },
  {
    key: 'customer',
    title: 'Customer',
    sortField: 'customer',
    filter: { field: 'customer', kind: 'text' },
    render: (o) => o.customer,
  },
  { key: 'amount', title: 'Amount', sortField: 'amount', render: (o) => `${o.amount} €` },
];

function answer(params: GridParams): GridResponse<Order> {
  const rules: { field: keyof Order; op: string; data: string }[] = params.filters
    ? JSON.parse(params.filters).rules
    : [];
  const matching = ORDERS.filter((o) =>
    rules.every((r) => {
      const value = String(o[r.field]).toLowerCase();
      const data = r.data.toLowerCase();
      return r.op === 'bw' ? value.startsWith(data) : value.includes(data);
    }),
  );
  const key = params.sidx as keyof Order;
  const sorted = [...matching].sort(
    (a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0) * (params.sord === 'asc' ? 1 : -1),
  );
  const start = (params.page - 1) * params.rows;
  return {
    page: params.page,
    total: Math.ceil(sorted.length / params.rows),
    records: sorted.length,
    rows: sorted.slice(start, start + params.rows),
  };
}

function Orders({ requests }: { requests: GridParams[] }) {
  const grid = useJqGrid({
    definition,
    columns,
    query: (params) =>
      queryOptions({
        queryKey: ['test-orders', params],
        queryFn: async () => {
          requests.push(params);
          return answer(params);
        },
      }),
  });
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <>
      <DataGrid<Order>
        grid={grid}
        rowKey={(o) => o.id}
        isSelected={(o) => o.id === selected}
        onSelect={(o) => setSelected(o.id)}
        label="Orders"
        emptyText="No orders"
        testId="orders"
      />
      <p>Selected: {selected ?? 'none'}</p>
    </>
  );
}

beforeEach(() => addTexts({ UI_Grid_Range: '{{from}}-{{to}} of {{total}}', UI_Grid_FilterBy: 'Filter by {{column}}' }));

const shownIds = () => screen.getAllByTestId('grid-row').map((row) => within(row).getAllByRole('cell')[0]?.textContent);
const ids = (from: number, to: number, step = 1) => {
  const out: string[] = [];
  for (let i = from; step > 0 ? i <= to : i >= to; i += step) out.push(`P${String(i).padStart(4, '0')}`);
  return out;
};

/** The grid at `url`, once its first page is on screen (`range`: the count it says). */
async function renderOrders(url = '/', range = '1-10 of 25') {
  const requests: GridParams[] = [];
  renderWithProviders(<Orders requests={requests} />, { url });
  await screen.findByText(range);
  return { requests, user: userEvent.setup() };
}

describe('data grid', () => {
  it('shows the first page in the default order, with the count', async () => {
    const { requests } = await renderOrders();
    expect(shownIds()).toEqual(ids(25, 16, -1));
    expect(requests[0]).toMatchObject({ page: 1, rows: 10, sidx: 'id', sord: 'desc', _search: false });
  });

  it('sorts by a sortable column, ascending then descending, back on page 1', async () => {
    const { user } = await renderOrders('/?page=2', '11-20 of 25');
    await user.click(screen.getByRole('columnheader', { name: /Customer/ }));
    await screen.findByText('1-10 of 25');
    expect(screen.getAllByTestId('grid-row').map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      ...Array(5).fill('Autos Vega'),
      ...Array(5).fill('Garaje Norte'),
    ]);
    expect(screen.getByRole('columnheader', { name: /Customer/ }).getAttribute('aria-sort')).toBe('ascending');
    await user.click(screen.getByRole('columnheader', { name: /Customer/ }));
    expect(await screen.findAllByText('Talleres Ruiz')).toHaveLength(5);
    expect(screen.getByRole('columnheader', { name: /Customer/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('does not sort by a column the grid definition does not allow', async () => {
    const { user, requests } = await renderOrders();
    await user.click(screen.getByRole('columnheader', { name: 'Amount' }));
    expect(screen.getByRole('columnheader', { name: 'Amount' }).getAttribute('aria-sort')).toBeNull();
    expect(requests.map((r) => r.sidx)).toEqual(['id']);
  });

  it('pages forward and to the last page', async () => {
    const { user } = await renderOrders();
    await user.click(screen.getByTitle('2'));
    await screen.findByText('11-20 of 25');
    expect(shownIds()).toEqual(ids(15, 6, -1));
    await user.click(screen.getByTitle('3'));
    await screen.findByText('21-25 of 25');
    expect(shownIds()).toEqual(ids(5, 1, -1));
    // The pager tells a screen reader which page is current.
    expect(document.querySelectorAll('[aria-current="page"]')).toHaveLength(1);
    expect(document.querySelector('[aria-current="page"]')?.textContent).toBe('3');
  });

  it('filters with the toolbar (Enter applies at once) and counts what matches', async () => {
    const { user, requests } = await renderOrders('/?page=2', '11-20 of 25');
    await user.type(screen.getByRole('textbox', { name: 'Filter by Customer' }), 'sol{Enter}');
    await screen.findByText('1-5 of 5');
    expect(shownIds()).toEqual(['P0022', 'P0017', 'P0012', 'P0007', 'P0002']);
    const last = requests.at(-1);
    expect(last).toMatchObject({ page: 1, _search: true });
    expect(JSON.parse(last?.filters ?? '{}').rules).toEqual([{ field: 'customer', op: 'cn', data: 'sol' }]);
  });

  it('selects a row by click, and by the keyboard: arrows move, Enter selects', async () => {
    const { user } = await renderOrders();
    const rows = screen.getAllByTestId('grid-row');
    await user.click(within(rows[2] as HTMLElement).getByText('P0023'));
    expect(screen.getByText('Selected: P0023')).toBeTruthy();
    expect(rows[2]?.getAttribute('aria-current')).toBe('true');
    (rows[2] as HTMLElement).focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(rows[4]);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(screen.getByText('Selected: P0022')).toBeTruthy();
    expect(rows[3]?.getAttribute('aria-current')).toBe('true');
    expect(rows[2]?.getAttribute('aria-current')).toBeNull();
  });
});
