import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, E2E_PORT, shot, submitLogin, WIDTHS } from './support';

test('signed out, a deep link asks for the sign-in and then opens the page asked for', async ({ page }) => {
  await page.goto('/invoice');
  await expect(page).toHaveURL(/\/login\?redirect=%2Finvoice$/);
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await submitLogin(page, 'buyer', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/invoice$/);
  await expect(page.getByTestId('page-title')).toHaveText('Facturas');
  await expect(page.getByTestId('invoices-grid').getByTestId('grid-row').first()).toBeVisible();
  await shot(page, '310-deep-link-invoice');

  // A document's own address: signed out, then back to that document with its lines.
  const row = page.getByTestId('invoices-grid').getByTestId('grid-row').first();
  const shownId = (await row.locator('td').first().innerText()).trim();
  await row.locator('td').first().click();
  await expect(page).toHaveURL(/\/invoice\/[^/]+$/);
  const documentPath = new URL(page.url()).pathname;
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(documentPath);
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(documentPath)}`);
  await submitLogin(page, 'buyer', DEMO_PASSWORD);
  await expect(page).toHaveURL(documentPath);
  const detail = page.getByTestId('document-detail');
  await expect(detail.getByRole('heading', { name: `Líneas de la factura ${shownId}` })).toBeVisible();
  await shot(page, '311-deep-link-document');
});

test('a return address that is not a page of this site is ignored: the sign-in goes to the dashboard', async ({
  page,
}) => {
  for (const unsafe of ['//example.com/invoice', 'https://example.com/invoice', '/\\example.com']) {
    await page.goto(`/login?redirect=${encodeURIComponent(unsafe)}`);
    await submitLogin(page, 'buyer', DEMO_PASSWORD);
    await expect(page).toHaveURL(`http://localhost:${E2E_PORT}/dashboard`);
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('a refused sign-in empties the password field and keeps the user name', async ({ page }) => {
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    await page.goto('/login?redirect=%2Fsales');
    await submitLogin(page, 'buyer', 'not-the-password');
    await expect(page.getByTestId('login-error')).toHaveText('El usuario o la contraseña no son correctos.');
    await expect(page.getByLabel('Contraseña')).toHaveValue('');
    await expect(page.getByLabel('Usuario')).toHaveValue('buyer');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeEnabled();
    await shot(page, `312-login-refused-${width}`);
  }
  // The next attempt, typed again, signs in and still opens the page asked for.
  await page.getByLabel('Contraseña').fill(DEMO_PASSWORD);
  await page.getByLabel('Contraseña').press('Enter');
  await expect(page).toHaveURL(/\/sales$/);
  await expect(page.getByTestId('page-title')).toHaveText('Pedidos');
});

test('robots.txt keeps the portal out of search engines', async ({ page }) => {
  const robots = await page.request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
  expect(await robots.text()).toBe('User-agent: *\nDisallow: /\n');
});
