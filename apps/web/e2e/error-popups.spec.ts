import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, motionsDone, shot, submitLogin } from './support';

// Signed in, with the dashboard's own calls answered: a test's route must not catch a call of this first load.
test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  const loaded = ['/api/common/shell', '/api/inclient/GetWellcomeDashboard'].map((path) =>
    page.waitForResponse((r) => r.url().includes(path) && r.ok()),
  );
  await submitLogin(page, 'buyer', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await Promise.all(loaded);
});

test('a 500 shows a red popup titled with the status and the server exceptionmessage', async ({ page }) => {
  await page.route('**/api/inclient/GetWellcomeDashboard**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'ERR_Internal', exceptionmessage: 'Referencia del fallo: 7f3a' }),
    }),
  );
  await page.reload();
  // An error popup (red): the popup with the error's icon (drawn, not read: icons are hidden from screen readers, 0092).
  const popup = page.getByTestId('error-popup').filter({ has: page.locator('.anticon-close-circle') });
  await expect(popup).toContainText('500 Internal Server Error');
  await expect(popup).toContainText('Referencia del fallo: 7f3a');
  await motionsDone(page); // the popup's entrance animation
  await shot(page, '50-popup-500');
});

test('a 404 shows the message followed by messagedetail; other errors show error_description', async ({ page }) => {
  await page.route('**/api/inclient/GetWellcomeDashboard**', (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'No encontrado:', messagedetail: 'el texto de bienvenida' }),
    }),
  );
  await page.reload();
  await expect(page.getByTestId('error-popup')).toContainText('No encontrado: el texto de bienvenida');
  await motionsDone(page); // the popup's entrance animation
  await shot(page, '51-popup-404');

  await page.route('**/api/inclient/GetWellcomeDashboard**', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'ignored', error_description: 'Descripción del conflicto' }),
    }),
  );
  await page.reload();
  const popup = page.getByTestId('error-popup').filter({ hasText: '409' });
  await expect(popup).toContainText('409 Conflict');
  await expect(popup).toContainText('Descripción del conflicto');
});

test('a 403 says access is not allowed, and the session goes on', async ({ page }) => {
  await page.route('**/api/inclient/GetWellcomeDashboard**', (route) =>
    route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ message: 'Forbidden' }) }),
  );
  await page.reload();
  const popup = page.getByTestId('error-popup').filter({ hasText: 'Acceso no permitido' }).first();
  await expect(popup).toContainText('No tienes permisos para ver este contenido');
  // Only a 401 that a refresh cannot mend ends a session (issue 25, decision 0063).
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('user-name')).toContainText('buyer');
  await motionsDone(page); // the popup's entrance animation
  await shot(page, '52-popup-403');
});
