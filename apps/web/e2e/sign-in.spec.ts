import { expect, test } from '@playwright/test';
import {
  atThreeWidths,
  DEMO_PASSWORD,
  expectLoginPage,
  expectNoSeriousA11yViolations,
  shot,
  submitLogin,
} from './support';

test('a buyer signs in, reads the welcome text, switches to English, keeps it after a reload and signs out', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByText('Cuentas de demostración')).toBeVisible();
  await shot(page, '01-login-es');
  await expectNoSeriousA11yViolations(page, '/login');

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

  // Signing out: the pages' queries that answer 401 once the tokens are dropped pop no "Access not allowed".
  await page.getByTestId('logout').click();
  await expectLoginPage(page);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('Access not allowed')).toHaveCount(0);
  await expect(page.getByTestId('error-popup')).toHaveCount(0);
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

test('the sign-in form says what is missing next to each field, shows the password on request and loads no back office', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Introduzca su nombre de usuario.')).toBeVisible();
  await expect(page.getByText('Introduzca su contraseña.')).toBeVisible();
  await expect(page.getByLabel('Usuario')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Usuario')).toBeFocused();
  await page.getByLabel('Usuario').fill('buyer');
  await expect(page.getByText('Introduzca su nombre de usuario.')).toHaveCount(0);

  const password = page.getByLabel('Contraseña', { exact: true });
  await password.fill(DEMO_PASSWORD);
  await expect(password).toHaveAttribute('type', 'password');
  const eye = page.getByRole('button', { name: 'Mostrar', exact: true });
  // A touch target of at least 24 × 24 px (WCAG 2.2 target size).
  const box = await eye.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(24);
  expect(box?.height).toBeGreaterThanOrEqual(24);
  await eye.click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: 'Ocultar', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await shot(page, '07-login-password-shown');
  await expectNoSeriousA11yViolations(page, '/login with messages');

  // The login page loads neither Ant Design nor a screen of the signed-in layout.
  expect(
    scripts.filter((s) => /\/(app-layout|themed-outlet|popup-host|dashboard|table|select|button|form)-/.test(s)),
  ).toEqual([]);
  await password.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('user-name')).toContainText('buyer');
});

test('a 401 that no refresh mends ends the session: the login page', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, 'buyer', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The session's tokens stop working (a forced logout elsewhere): the next call is a 401 and its refresh fails.
  await page.route('**/token', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'invalid_grant', error_description: 'La sesión ha terminado.' }),
    }),
  );
  // The signed-in frame's first call (the user, the menus, the badges in one: decision 0087).
  await page.route('**/api/common/shell?*', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'WARN_Unauthorized' }),
    }),
  );
  await page.reload();
  await expectLoginPage(page);
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await shot(page, '08-login-after-401');
});
