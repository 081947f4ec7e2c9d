import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { displayDocumentId } from '@portal/contract/sales';
import { PDFParse } from 'pdf-parse';
import { DEMO_PASSWORD, openList, topShot as shot, signIn, windowShot } from './support';

/** The rows of a grid, once its first page has arrived. */
function rows(grid: Locator): Locator {
  return grid.getByTestId('grid-row');
}

/** A grid call's parameters, from the next such request the page sends. */
async function nextGridCall(page: Page, action: () => Promise<void>, path = '/api/insales/getallheadersjqgrid') {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(path) && r.request().method() === 'GET'),
    action(),
  ]);
  expect(response.status()).toBe(200);
  return new URL(response.url()).searchParams;
}

/** The column index of a header title in a grid (the first header row). */
async function columnIndex(grid: Locator, title: string): Promise<number> {
  const titles = await grid.locator('thead tr').first().locator('th').allInnerTexts();
  const index = titles.findIndex((text) => text.trim() === title);
  expect(index, `column ${title} in ${titles.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return index;
}

/** The id of an order the API gives `user` (signed in through POST /token). */
async function firstOrderOf(page: Page, user: string): Promise<string> {
  const token = await page.request.post('/token', {
    form: { grant_type: 'password', username: user, password: DEMO_PASSWORD },
  });
  expect(token.ok()).toBe(true);
  const { access_token } = (await token.json()) as { access_token: string };
  const headers = await page.request.get('/api/insales/getallheaders/?rows=1', {
    headers: { Authorization: `Bearer ${access_token}` },
  });
  expect(headers.ok()).toBe(true);
  const [order] = (await headers.json()) as { SALESID: string; CUSTACCOUNT: string }[];
  expect(order?.CUSTACCOUNT).toBe('C00001');
  return order?.SALESID ?? '';
}

test('a buyer filters and sorts the orders, selects one, follows its packing slip and downloads its PDF', async ({
  page,
}) => {
  await signIn(page, 'buyer');

  // The orders, from the side menu: newest first (JUMCREATEDDATE desc), 10 rows.
  await page.getByTestId('side-menu').getByText('Documentos', { exact: true }).click();
  const firstPage = await nextGridCall(page, () =>
    page.getByTestId('side-menu').getByText('Pedidos', { exact: true }).click(),
  );
  expect(firstPage.get('sidx')).toBe('JUMCREATEDDATE');
  expect(firstPage.get('sord')).toBe('desc');
  expect(firstPage.get('rows')).toBe('10');
  await expect(page).toHaveURL(/\/sales$/);
  await expect(page.getByTestId('page-title')).toHaveText('Pedidos');
  const grid = page.getByTestId('sales-grid');
  await expect(rows(grid)).toHaveCount(10);
  await expect(grid.getByTestId('grid-filter-row')).toBeVisible();
  await expect(page.getByTestId('document-hint')).toHaveText('Seleccione un pedido para ver sus líneas.');
  // Grid dates are yyyy/m/d.
  const dateColumn = await columnIndex(grid, 'Fecha');
  await expect(rows(grid).first().locator('td').nth(dateColumn)).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  await shot(page, '100-sales-grid');

  // Filter by status: Facturado (3); every row shows it, and the call carries the rule.
  const filtered = await nextGridCall(page, async () => {
    await grid.getByTestId('grid-filter-SALESSTATUS').click();
    await (await openList(page)).getByTitle('Facturado', { exact: true }).click();
  });
  expect(filtered.get('_search')).toBe('true');
  expect(JSON.parse(filtered.get('filters') ?? '{}')).toEqual({
    groupOp: 'AND',
    rules: [{ field: 'SALESSTATUS', op: 'eq', data: '3' }],
  });
  await expect(rows(grid).first()).toBeVisible();
  const statuses = await grid.getByTestId('sales-status').allInnerTexts();
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set(['Facturado']));

  // Sort by the customer reference, ascending then descending.
  const refHeader = grid.getByRole('columnheader', { name: 'Su referencia' });
  const ascending = await nextGridCall(page, () => refHeader.click());
  expect([ascending.get('sidx'), ascending.get('sord'), ascending.get('page')]).toEqual(['CUSTOMERREF', 'asc', '1']);
  expect(JSON.parse(ascending.get('filters') ?? '{}').rules).toHaveLength(1);
  await expect(refHeader).toHaveAttribute('aria-sort', 'ascending');
  const descending = await nextGridCall(page, () => refHeader.click());
  expect([descending.get('sidx'), descending.get('sord')]).toEqual(['CUSTOMERREF', 'desc']);
  await expect(refHeader).toHaveAttribute('aria-sort', 'descending');
  // Only the columns the server sorts have a sorter (not the packing slip links): a screen reader hears "ordenable".
  const titles = grid.locator('thead tr').first();
  await expect(titles.getByRole('columnheader', { name: 'Su referencia' })).toHaveAccessibleDescription(/ordenable/);
  await expect(titles.getByRole('columnheader', { name: 'Albarán', exact: true })).not.toHaveAccessibleDescription(
    /ordenable/,
  );
  await expect(rows(grid).first()).toBeVisible();

  // Select an order with exactly one packing slip: its lines load below and its id goes into the URL.
  const slipColumn = await columnIndex(grid, 'Albarán');
  const row = rows(grid)
    .filter({ has: page.locator(`td:nth-child(${slipColumn + 1}) [data-testid="related-link"]`) })
    .first();
  await expect(row).toBeVisible();
  const shownId = (await row.locator('td').first().innerText()).trim();
  const slipId = (await row.locator('td').nth(slipColumn).innerText()).trim();
  await row.locator('td').first().click();
  await expect(page).toHaveURL(/\/sales\/[^/]+$/);
  const urlId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  expect(urlId.endsWith(shownId)).toBe(true);
  await expect(row).toHaveAttribute('aria-current', 'true');
  const detail = page.getByTestId('document-detail');
  await expect(detail.getByRole('heading', { name: `Líneas del pedido ${shownId}` })).toBeVisible();
  const lines = detail.getByTestId('document-lines').locator('tbody').getByRole('row');
  await expect(lines.first()).toBeVisible();
  expect(await lines.count()).toBeGreaterThan(0);
  await expect(detail.getByTestId('document-totals')).toContainText('€');
  await shot(page, '101-sales-selected');

  // Follow the packing slip link of the order's row: the packing slip screen opens with it selected.
  const link = row.locator('td').nth(slipColumn).getByTestId('related-link');
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/packingslip\/[^/]+$/);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await expect(page.getByTestId('page-title')).toHaveText('Albaranes');
  const slip = page.getByTestId('document-detail');
  const slipHeading = slip.getByRole('heading', { name: `Líneas del albarán ${slipId}` });
  await expect(slipHeading).toBeVisible();
  await expect(slip.getByTestId('document-lines').locator('tbody').getByRole('row').first()).toBeVisible();
  await expect(slip.getByTestId('document-lines')).toContainText(shownId);
  const slipGrid = page.getByTestId('packingslips-grid');
  await expect(rows(slipGrid).first()).toBeVisible();
  // Filtered by its id, the packing slip's row is on the page, marked as the selected one.
  const byId = await nextGridCall(
    page,
    async () => {
      await slipGrid.getByTestId('grid-filter-PACKINGSLIPID').fill(slipId);
      await slipGrid.getByTestId('grid-filter-PACKINGSLIPID').press('Enter');
    },
    '/api/inpackingslip/getallheadersjqgrid',
  );
  expect(JSON.parse(byId.get('filters') ?? '{}').rules).toEqual([
    expect.objectContaining({ field: 'PACKINGSLIPID', data: slipId }),
  ]);
  const slipRow = rows(slipGrid).filter({ hasText: slipId });
  await expect(slipRow).toHaveCount(1);
  await expect(slipRow).toHaveAttribute('aria-current', 'true');
  await expect(slipGrid.getByTestId('grid-filter-INVENTLOCATIONID')).toBeVisible();
  // The delivery mode is a secondary column: in the column chooser, not on screen by default.
  await expect(slipGrid.getByTestId('grid-filter-DLVMODE')).toHaveCount(0);
  await shot(page, '102-packingslip-selected');

  // Opening that URL again (a reload) selects the same packing slip and loads its lines.
  await page.reload();
  await expect(slipHeading).toBeVisible();
  await expect(slip.getByTestId('document-lines').locator('tbody').getByRole('row').first()).toBeVisible();

  // Download its PDF: the link is disabled and a dialog shows while it works (the URL call is held here
  // until that is seen); the file is saved under the server's name and the dialog closes 1 s after.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/download/CheckReport/**', async (route) => {
    await held;
    await route.continue();
  });
  const pdfLink = slip.getByTestId('report-pdf');
  const downloading = page.waitForEvent('download');
  const asked = page.waitForRequest('**/api/download/CheckReport/**');
  await pdfLink.click();
  await asked;
  const dialog = page.getByRole('dialog', { name: 'Descarga de documentos' });
  await expect(dialog).toContainText(`Preparando ${slipId} en PDF`);
  await expect(pdfLink).toBeDisabled();
  await windowShot(page, '103-packingslip-download');
  release();
  const download = await downloading;
  await expect(dialog).toContainText(/Documento descargado: .*\.pdf/);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const file = readFileSync(await download.path());
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = (await new PDFParse({ data: new Uint8Array(file) }).getText()).text;
  expect(text).toContain(slipId);
  await expect(dialog).toBeHidden({ timeout: 3000 });
  await expect(pdfLink).toBeEnabled();

  // At 900 px the rows are cards and the filters and the sort fold into a panel (decision 0021).
  await page.setViewportSize({ width: 900, height: 900 });
  await expect(slipGrid.getByTestId('grid-filter-row')).toHaveCount(0);
  await expect(rows(slipGrid)).toHaveCount(0);
  const cards = slipGrid.getByTestId('grid-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByTestId('grid-card-select')).toHaveText(new RegExp(`${slipId}$`));
  await expect(cards.first().getByTestId('grid-card-select')).toHaveAttribute('aria-current', 'true');
  const toggle = slipGrid.getByTestId('grid-filters-toggle');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(slipGrid.getByTestId('grid-filter-panel')).toBeHidden();
  await shot(page, '104-packingslip-900');
  await toggle.click();
  await expect(slipGrid.getByTestId('grid-filter-panel')).toBeVisible();
  await expect(slipGrid.getByTestId('grid-filter-INVENTLOCATIONID')).toBeVisible();
  await expect(slipGrid.getByTestId('grid-filter-DLVMODE')).toBeVisible();
  await expect(slipGrid.getByTestId('grid-filter-PACKINGSLIPID')).toHaveValue(slipId);
  await expect(slipGrid.getByTestId('grid-sort')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(900);
  await shot(page, '105-packingslip-900-filters');
});

test("another client's buyer opening the buyer's order by URL sees that it is not found, and no lines", async ({
  page,
}) => {
  const orderId = await firstOrderOf(page, 'buyer');
  await page.setViewportSize({ width: 900, height: 900 });
  await signIn(page, 'buyer2');
  const gridAnswer = page.waitForResponse((r) => r.url().includes('/api/insales/getallheadersjqgrid'));
  const lineCalls: number[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/insales/getlinesbysalesid/')) lineCalls.push(r.status());
  });
  await page.goto(`/sales/${encodeURIComponent(orderId)}`);
  await expect(page.getByTestId('page-title')).toHaveText('Pedidos');
  const notFound = page.getByTestId('document-not-found');
  await expect(notFound).toBeVisible();
  await expect(notFound).toContainText('no pertenece a su cuenta');
  await expect(page.getByTestId('document-lines')).toHaveCount(0);
  // Still signed in, on the same screen, with buyer2's own orders in the grid and none of buyer's.
  await expect(page).toHaveURL(new RegExp(`/sales/${orderId}$`));
  // At 900 px the orders are cards: buyer2's own, none of buyer's (the grid call lists C00002's only).
  const grid = page.getByTestId('sales-grid');
  const cards = grid.getByTestId('grid-card');
  await expect(cards.first()).toBeVisible();
  await expect(cards.filter({ hasText: displayDocumentId(orderId) })).toHaveCount(0);
  const answer = (await (await gridAnswer).json()) as { rows: { CUSTACCOUNT: string }[] };
  expect(answer.rows.length).toBeGreaterThan(0);
  expect(new Set(answer.rows.map((r) => r.CUSTACCOUNT))).toEqual(new Set(['C00002']));
  await expect(cards).toHaveCount(answer.rows.length);
  expect(lineCalls.every((status) => status === 404)).toBe(true);
  await expect(page.getByTestId('error-popup')).toHaveCount(0);
  await shot(page, '106-sales-other-client');
});
