import { expect, test } from '@playwright/test';
import { atThreeWidths, DEMO_PASSWORD, expectLoginPage, shot, submitLogin } from './support';

test('a buyer signs in, reads the welcome text, switches to English, keeps it after a reload and signs out', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByText('Cuentas de demostración')).toBeVisible();
  await shot(page, '01-login-es');

  await submitLogin(page, 'buyer', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Bienvenido a Recambia' })).toBeVisible();
  await expect(page.getByTestId('side-menu').getByText('Escritorio')).toBeVisible();
  await expect(page.getByTestId('page-title')).toHaveText('Inicio');
  await expect(page.getByTestId('user-name')).toContainText('buyer');
  await expect(page.getByTestId('cart-button')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Portal de pedidos' })).toBeVisible();
  await expect(page.locator('footer')).toContainText('Recambia Distribución, S.L. · Portal profesional');
  await shot(page, '02-dashboard-es');

  await page.getByTestId('language-select').click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Recambia' })).toBeVisible();
  await expect(page.getByTestId('side-menu').getByText('Dashboard')).toBeVisible();
  await expect(page.getByTestId('page-title')).toHaveText('Home');
  await expect(page.getByTestId('logout')).toHaveText('Sign out');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // The brand's ribbon and footer words are in the reader's language too (the legal name stays).
  await expect(page.getByRole('link', { name: 'Ordering portal' })).toBeVisible();
  await expect(page.locator('footer')).toContainText('Recambia Distribución, S.L. · Trade portal');
  await expect(page.getByText(/Portal de pedidos|Recambios para profesionales/)).toHaveCount(0);
  await shot(page, '03-dashboard-en');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to Recambia' })).toBeVisible();
  await expect(page.getByTestId('page-title')).toHaveText('Home');
  await expect(page.getByTestId('logout')).toHaveText('Sign out');
  await shot(page, '04-dashboard-en-reloaded');

  await page.getByTestId('logout').click();
  await expectLoginPage(page);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authorizationData'))).toBeNull();
  await expect(page.getByText('Parts for professionals', { exact: true })).toBeVisible();
  await expect(page.locator('footer')).toContainText('Recambia Distribución, S.L. · Trade portal');
  await expect(page.getByText(/Recambios para profesionales|Portal profesional/)).toHaveCount(0);
  await shot(page, '05-logged-out-en');
  await atThreeWidths(page, '05-logged-out-en', () =>
    expect(page.getByText('Parts for professionals', { exact: true })).toBeVisible(),
  );

  // Signed out, the protected pages send back to the login page.
  await page.goto('/dashboard');
  await expectLoginPage(page);
});

test('a wrong password shows the server message', async ({ page }) => {
  await page.goto('/login?id=buyer');
  await expect(page.getByLabel('Usuario')).toHaveValue('buyer');
  await page.getByLabel('Contraseña').fill('not-the-password');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('El usuario o la contraseña no son correctos.');
  await expect(page).toHaveURL(/\/login\?id=buyer$/);
  await shot(page, '06-login-wrong-password');
});
