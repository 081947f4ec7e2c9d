import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  atThreeWidths,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  motionsDone,
  openList,
  signIn,
  topShot,
} from './support';

/** The grid's current page number, as its pager tells a screen reader (the grid marks it `aria-current`). */
const currentPage = (grid: Locator) => grid.getByRole('listitem').locator('[aria-current="page"]');

/**
 * Issue 11 items 9, 12 and 15 (decision 0021): the four document grids keep their page, sort and filters in
 * the URL, fit a 1440 px screen with their document links visible, remember each user's column choice, show
 * each row as a card below 980 px, and have no serious axe-core violation.
 */

/** A grid call's query string, from the next such request the page sends. */
async function nextGridCall(page: Page, path: string, action: () => Promise<unknown>) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(path) && r.request().method() === 'GET' && r.status() === 200),
    action(),
  ]);
  return { params: new URL(response.url()).searchParams, body: (await response.json()) as { records: number } };
}

/** The ids (first cell) of a grid's rows as shown. */
const rowIds = (grid: Locator) => grid.getByTestId('grid-row').locator('td:first-child').allInnerTexts();

const GRIDS = [
  {
    path: '/sales',
    testId: 'sales-grid',
    call: '/api/insales/getallheadersjqgrid',
    name: 'orders',
    facts: ['Fecha'],
    status: true,
    amount: false,
  },
  {
    path: '/salesweb',
    testId: 'salesweb-grid',
    call: '/api/insalesweb/getallheadersjqgrid',
    name: 'web-orders',
    facts: ['Fecha del pedido', 'Base imponible'],
    status: true,
    amount: true,
  },
  {
    path: '/packingslip',
    testId: 'packingslips-grid',
    call: '/api/inpackingslip/getallheadersjqgrid',
    name: 'packing-slips',
    facts: ['Fecha de entrega'],
    status: false,
    amount: false,
  },
  {
    path: '/invoice',
    testId: 'invoices-grid',
    call: '/api/ininvoice/getallheadersjqgrid',
    name: 'invoices',
    facts: ['Fecha', 'Total'],
    status: false,
    amount: true,
  },
] as const;

test('the orders grid keeps its filter, sort and page through a reload and Back', async ({ page }) => {
  await signIn(page, 'buyer');
  const call = '/api/insales/getallheadersjqgrid';
  const grid = page.getByTestId('sales-grid');
  await nextGridCall(page, call, () => page.goto('/sales'));
  await expect(grid.getByTestId('grid-row').first()).toBeVisible();

  // Filter: Facturado; sort: Su referencia ascending; page 2.
  const filtered = await nextGridCall(page, call, async () => {
    await grid.getByTestId('grid-filter-SALESSTATUS').click();
    await (await openList(page)).getByTitle('Facturado', { exact: true }).click();
  });
  expect(filtered.body.records).toBeGreaterThan(10);
  const refHeader = grid.getByRole('columnheader', { name: 'Su referencia' });
  await nextGridCall(page, call, () => refHeader.click());
  await expect(refHeader).toHaveAttribute('aria-sort', 'ascending');
  const firstPageIds = await rowIds(grid);
  const second = await nextGridCall(page, call, () => grid.getByRole('listitem', { name: '2', exact: true }).click());
  expect([second.params.get('page'), second.params.get('sidx'), second.params.get('sord')]).toEqual([
    '2',
    'CUSTOMERREF',
    'asc',
  ]);
  await expect(currentPage(grid)).toHaveText('2');
  await expect.poll(() => rowIds(grid)).not.toEqual(firstPageIds);
  const ids = await rowIds(grid);
  const url = new URL(page.url());
  expect(url.pathname).toBe('/sales');
  expect(Object.fromEntries(url.searchParams)).toEqual({
    'f.SALESSTATUS': '3',
    sort: 'CUSTOMERREF',
    order: 'asc',
    page: '2',
  });

  // A reload shows the same rows, with the same filter, sort and page on the controls.
  const reloaded = await nextGridCall(page, call, () => page.reload());
  expect(reloaded.params.get('page')).toBe('2');
  expect(JSON.parse(reloaded.params.get('filters') ?? '{}').rules).toEqual([
    { field: 'SALESSTATUS', op: 'eq', data: '3' },
  ]);
  await expect.poll(() => rowIds(grid)).toEqual(ids);
  await expect(grid.getByTestId('grid-filter-SALESSTATUS')).toContainText('Facturado');
  await expect(grid.getByRole('columnheader', { name: 'Su referencia' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(currentPage(grid)).toHaveText('2');
  await topShot(page, '400-sales-url-state-reloaded');

  // Selecting a row keeps the grid's query string; following its packing slip and coming Back finds the
  // grid as it was.
  const row = grid
    .getByTestId('grid-row')
    .filter({ has: page.getByTestId('related-link') })
    .first();
  await row.locator('td').first().click();
  await expect(page).toHaveURL(/\/sales\/[^/?]+\?f\.SALESSTATUS=3&sort=CUSTOMERREF&order=asc&page=2$/);
  await expect(page.getByTestId('document-detail')).toBeVisible();
  await row.getByTestId('related-link').first().click();
  await expect(page).toHaveURL(/\/packingslip\//);
  await page.goBack();
  await expect(page).toHaveURL(/\/sales\/[^/?]+\?f\.SALESSTATUS=3&sort=CUSTOMERREF&order=asc&page=2$/);
  await expect.poll(() => rowIds(grid)).toEqual(ids);
  await expect(currentPage(grid)).toHaveText('2');
  await expect(grid.getByTestId('grid-filter-SALESSTATUS')).toContainText('Facturado');

  // Back twice more: before the row was selected, then page 1 of the same sort and filter.
  await page.goBack();
  await expect(page).toHaveURL(/\/sales\?f\.SALESSTATUS=3&sort=CUSTOMERREF&order=asc&page=2$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/sales\?f\.SALESSTATUS=3&sort=CUSTOMERREF&order=asc$/);
  await expect.poll(() => rowIds(grid)).toEqual(firstPageIds);
  await expect(currentPage(grid)).toHaveText('1');
});

test('the invoices keep their product filter and page size through a reload', async ({ page }) => {
  await signIn(page, 'buyer');
  const call = '/api/ininvoice/getallheadersjqgrid';
  const grid = page.getByTestId('invoices-grid');
  await nextGridCall(page, call, () => page.goto('/invoice'));
  await expect(grid.getByTestId('grid-row').first()).toBeVisible();
  const sized = await nextGridCall(page, call, async () => {
    await grid.getByRole('combobox', { name: 'tamaño de página' }).click();
    await (await openList(page)).getByTitle('20 / página', { exact: true }).click();
  });
  expect(sized.params.get('rows')).toBe('20');
  const withProduct = await nextGridCall(page, call, () => grid.getByTestId('product-filter').fill('luna'));
  expect(withProduct.params.get('filterProduct')).toBe('luna');
  expect(withProduct.params.get('rows')).toBe('20');
  await expect(page).toHaveURL(/\/invoice\?product=luna&rows=20$/);

  const reloaded = await nextGridCall(page, call, () => page.reload());
  expect([reloaded.params.get('filterProduct'), reloaded.params.get('rows')]).toEqual(['luna', '20']);
  await expect(grid.getByTestId('product-filter')).toHaveValue('luna');
  // The page size shown beside its field (the combobox's frame holds the chosen value).
  await expect(grid.getByRole('combobox', { name: 'tamaño de página' }).locator('..')).toContainText('20 / página');

  // Limpiar filtros empties the product filter and its field.
  const cleared = await nextGridCall(page, call, () => grid.getByTestId('grid-clear-filters').click());
  expect(cleared.params.get('filterProduct')).toBeNull();
  await expect(grid.getByTestId('product-filter')).toHaveValue('');
  await expect(page).toHaveURL(/\/invoice\?rows=20$/);
});

for (const g of GRIDS) {
  test(`the ${g.name} grid fits 1440 px with its document links, shows cards on a phone, and passes axe`, async ({
    page,
  }) => {
    await signIn(page, 'buyer');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(g.path);
    const grid = page.getByTestId(g.testId);
    const row = grid.getByTestId('grid-row').first();
    await expect(row).toBeVisible();

    // At 1440 the table does not scroll sideways (it is no wider than its grid) and the last (links) cell of a row is
    // in the window.
    const [table, box] = await Promise.all([grid.getByRole('table').boundingBox(), grid.boundingBox()]);
    const [tableEnd, gridEnd] = [(table?.x ?? 0) + (table?.width ?? 0), (box?.x ?? 0) + (box?.width ?? 0)];
    expect(tableEnd, `${g.name}: the table ends at ${tableEnd} px, its grid at ${gridEnd} px`).toBeLessThanOrEqual(
      gridEnd,
    );
    const lastCell = await row.locator('td').last().boundingBox();
    expect(lastCell).not.toBeNull();
    const cellEnd = (lastCell?.x ?? 0) + (lastCell?.width ?? 0);
    expect(cellEnd).toBeLessThanOrEqual(1440);
    // Its last link is whole inside the cell (not cut by the cell's ellipsis).
    const lastLink = await row.locator('td').last().locator('a, button').last().boundingBox();
    expect(lastLink).not.toBeNull();
    expect((lastLink?.x ?? 0) + (lastLink?.width ?? 0)).toBeLessThanOrEqual(cellEnd);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);

    // With a document open, axe-core finds no serious or critical violation.
    await row.locator('td').first().click();
    await expect(page.getByTestId('document-detail')).toBeVisible();
    await expect(page.getByTestId('document-lines').locator('tbody').getByRole('row').first()).toBeVisible();
    await motionsDone(page);
    await expectNoSeriousA11yViolations(page, `${g.name} at 1440`);

    await atThreeWidths(page, `410-${g.name}`, async () => {
      const width = page.viewportSize()?.width ?? 0;
      if (width > 979) {
        await expect(grid.getByTestId('grid-row').first()).toBeVisible();
        await expect(grid.getByTestId('grid-cards')).toHaveCount(0);
        return;
      }
      // At 979 px and below each row is a card: id, date, status, amount and document links.
      const card = grid.getByTestId('grid-card').first();
      await expect(card).toBeVisible();
      await expect(grid.getByTestId('grid-row')).toHaveCount(0);
      await expect(card.getByTestId('grid-card-select')).toHaveText(/\S/);
      await expect(card.getByTestId('grid-card-facts')).toContainText(/\d{2}\/\d{2}\/\d{4}/);
      await expect(card.getByTestId('grid-card-facts').locator('dt')).toHaveText([...g.facts]);
      if (g.status) await expect(card.getByTestId('grid-card-status')).toHaveText(/\S/);
      if (g.amount) await expect(card.getByTestId('grid-card-facts')).toContainText('€');
      const links = card.getByTestId('grid-card-links');
      await expect(links).toBeVisible();
      await expect(links.locator('a, button').first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page, `${g.name} at ${width}`);
    });
  });
}

test('on a phone a card is reached and opened with the keyboard, and its files are one Tab away', async ({ page }) => {
  await signIn(page, 'buyer');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/invoice');
  const card = page.getByTestId('invoices-grid').getByTestId('grid-card').first();
  const select = card.getByTestId('grid-card-select');
  await select.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/invoice\/[^/?]+$/);
  await expect(select).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('document-detail')).toBeVisible();
  // Tab order in the card: the id, then its links (order, packing slip), then PDF and Excel.
  await select.focus();
  const pdf = card.getByTestId('report-pdf');
  for (let i = 0; i < 6; i += 1) {
    if (await pdf.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(pdf).toBeFocused();
  await expect(pdf).toHaveAccessibleName(/^PDF de /);
});

test("the column chooser's choice is the user's and survives a reload and a new sign-in", async ({ page }) => {
  await signIn(page, 'buyer');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/sales');
  const grid = page.getByTestId('sales-grid');
  const titles = grid.locator('thead tr').first();
  await expect(grid.getByTestId('grid-row').first()).toBeVisible();
  // Secondary columns start hidden; the files column is there.
  await expect(titles.getByRole('columnheader', { name: 'Empleado' })).toHaveCount(0);
  await expect(titles.getByRole('columnheader', { name: 'Documentos' })).toBeVisible();

  await grid.getByTestId('grid-columns-button').click();
  const list = page.getByTestId('grid-columns-list');
  await expect(list).toBeVisible();
  await list.getByTestId('grid-column-SALESTAKER').click();
  await list.getByTestId('grid-column-INVENTLOCATIONNAME').click();
  await expect(titles.getByRole('columnheader', { name: 'Empleado' })).toBeVisible();
  await expect(titles.getByRole('columnheader', { name: 'Almacén' })).toHaveCount(0);
  await motionsDone(page);
  await expectNoSeriousA11yViolations(page, 'orders column chooser');
  await topShot(page, '420-sales-column-chooser');
  expect(await page.evaluate(() => localStorage.getItem('portal.grid-columns.buyer.sales-grid'))).toBe(
    JSON.stringify({ SALESTAKER: true, INVENTLOCATIONNAME: false }),
  );

  await page.reload();
  await expect(grid.getByTestId('grid-row').first()).toBeVisible();
  await expect(titles.getByRole('columnheader', { name: 'Empleado' })).toBeVisible();
  await expect(titles.getByRole('columnheader', { name: 'Almacén' })).toHaveCount(0);

  // Signing out keeps it; another user on the same browser sees the defaults; the buyer finds the choice
  // after signing in again.
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('authorizationData'))).toBeNull();
  await signIn(page, 'buyer2', '/sales');
  await expect(grid.getByTestId('grid-row').first()).toBeVisible();
  await expect(titles.getByRole('columnheader', { name: 'Empleado' })).toHaveCount(0);
  await expect(titles.getByRole('columnheader', { name: 'Almacén' })).toBeVisible();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, 'buyer', '/sales');
  await expect(grid.getByTestId('grid-row').first()).toBeVisible();
  await expect(titles.getByRole('columnheader', { name: 'Empleado' })).toBeVisible();

  // Back to the defaults.
  await grid.getByTestId('grid-columns-button').click();
  await page.getByTestId('grid-columns-reset').click();
  await expect(titles.getByRole('columnheader', { name: 'Empleado' })).toHaveCount(0);
  await expect(titles.getByRole('columnheader', { name: 'Almacén' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('portal.grid-columns.buyer.sales-grid'))).toBeNull();
});
