import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectLoginPage, shot, submitLogin } from './support';

test('an unknown address goes to the login page when signed out, to the dashboard when signed in', async ({ page }) => {
  await page.goto('/no/such/page');
  await expectLoginPage(page);
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await shot(page, '30-unknown-url-signed-out');

  await submitLogin(page, 'buyer', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('page-title')).toHaveText('Inicio');

  // Old links of the previous portal (/#/path) open the same path.
  await page.goto('/#/sales');
  await expect(page).toHaveURL(/\/sales$/);
  await expect(page.getByTestId('page-title')).toHaveText('Pedidos');
  await expect(page.getByTestId('sales-grid')).toBeVisible();
  await shot(page, '31-legacy-hash-link');
});
