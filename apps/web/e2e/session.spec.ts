import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectLoginPage, shot, submitLogin } from './support';

type Stored = { token: string; userName: string; refreshToken: string; useRefreshTokens: boolean };

const readAuth = (page: import('@playwright/test').Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('authorizationData') ?? 'null') as Stored | null);

test('an expired access token is refreshed once, without a popup, and the page loads', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, 'buyer', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The dashboard's own calls must be over: one still running when the token is replaced below would get a
  // 401 and start a refresh that the reload then cuts off after the server has already rotated the token.
  await expect(page.getByRole('heading', { name: 'Bienvenido a Recambia' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const before = await readAuth(page);
  expect(before?.refreshToken).toBeTruthy();

  // The server refuses this access token (401): the app must refresh it and retry every call.
  await page.evaluate((auth) => {
    localStorage.setItem('authorizationData', JSON.stringify({ ...auth, token: 'expired.token.value' }));
  }, before);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Bienvenido a Recambia' })).toBeVisible();
  await expect(page.getByTestId('side-menu').getByText('Escritorio')).toBeVisible();
  await expect(page.getByText('Acceso no permitido')).toHaveCount(0);
  const after = await readAuth(page);
  expect(after?.token).not.toBe('expired.token.value');
  expect(after?.refreshToken).not.toBe(before?.refreshToken);
  await shot(page, '40-token-refreshed');
});

test('when the refresh fails too, the session ends on the login page', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, 'buyer', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  const auth = await readAuth(page);
  await page.evaluate((a) => {
    localStorage.setItem(
      'authorizationData',
      JSON.stringify({ ...a, token: 'expired.token.value', refreshToken: 'revoked-refresh-token' }),
    );
  }, auth);
  await page.reload();
  await expectLoginPage(page);
  expect(await readAuth(page)).toBeNull();
  await shot(page, '41-refresh-failed');
});
