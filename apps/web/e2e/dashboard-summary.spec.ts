import { expect, test } from '@playwright/test';
import { atThreeWidths, expectNoSeriousA11yViolations, signIn } from './support';

/** The dashboard's blocks of the caller's documents (issue 25; decision 0090). */
test('buyer sees their latest orders, returns and spending, opens an order and searches a reference', async ({
  page,
}) => {
  await signIn(page, 'buyer');
  const orders = page.getByTestId('dashboard-orders');
  await expect(orders.getByRole('heading', { name: 'Últimos pedidos' })).toBeVisible();
  await expect(
    page.getByTestId('dashboard-weborders').getByRole('heading', { name: 'Últimos pedidos web' }),
  ).toBeVisible();
  await expect(
    page.getByTestId('dashboard-returns').getByRole('heading', { name: /^Devoluciones abiertas \(\d+\)$/ }),
  ).toBeVisible();
  await expect(page.getByTestId('dashboard-spending-figures')).toContainText('Este mes');
  // Customers get no staff blocks.
  await expect(page.getByTestId('dashboard-waiting-erp')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'dashboard summary');
  await atThreeWidths(page, 'dashboard-summary', async () => {
    await expect(orders).toBeVisible();
  });

  // A row's link opens that order.
  const first = orders.locator('.dashboard-rows__link').first();
  const orderId = (await first.textContent())!.trim();
  expect(orderId).not.toBe('');
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/sales/${orderId}$`));
  await expect(page.getByTestId('document-lines')).toBeVisible();
  await expect(page.getByTestId('document-not-found')).toHaveCount(0);

  // The search box opens the product list searching that reference.
  await page.goto('/dashboard');
  await page.getByLabel('Referencia o matrícula').fill('FIL-2024');
  await page.getByTestId('dashboard-search').getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/\/product-list\?ref=FIL-2024$/);
});

test('admin sees the web orders waiting for the ERP and the returns waiting for a decision', async ({ page }) => {
  await signIn(page, 'admin');
  const waitingErp = page.getByTestId('dashboard-waiting-erp');
  const waitingRefunds = page.getByTestId('dashboard-waiting-refunds');
  await expect(waitingErp.getByRole('heading', { name: /^Pedidos web pendientes del ERP \(\d+\)$/ })).toBeVisible();
  await expect(waitingRefunds.getByRole('heading', { name: /^Devoluciones por decidir \(\d+\)$/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'dashboard staff blocks');
  await atThreeWidths(page, 'dashboard-staff');
  await waitingErp.getByRole('link', { name: 'Ver todo' }).click();
  await expect(page).toHaveURL(/\/salesweb-admin$/);
});
