import { expect, test } from '@playwright/test';
import { signIn } from './support';

// The seed gives buyer two web orders the ERP refused (3 and 8 retries) among their newest (decision 0012's history).
test('a customer reads that a refused web order is being sent to the store, with no error or retries', async ({
  page,
}) => {
  await signIn(page, 'buyer', '/salesweb');
  const grid = page.getByTestId('salesweb-grid');
  await expect(grid.getByText('Enviándose a la tienda').first()).toBeVisible();
  await expect(grid.getByText(/reintento/)).toHaveCount(0);
  await expect(grid.getByText(/ETIMEDOUT/)).toHaveCount(0);
});

test('staff read a refused web order’s error and its retries in the control list', async ({ page }) => {
  await signIn(page, 'admin', '/salesweb-admin');
  const grid = page.getByTestId('salesweb-control-grid');
  await expect(grid.getByText(/^Error \(\d+ reintentos?\)$/).first()).toBeVisible();
});
