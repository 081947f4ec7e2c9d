import { expect, type Page, test } from '@playwright/test';
import {
  atThreeWidths,
  expectNoSeriousA11yViolations,
  newestMailContaining,
  pickOption,
  shot,
  signIn,
  submitLogin,
  topShot,
  windowShot,
} from './support';

/** The one-time link of the newest e-mail to an address, once the outbox has delivered it. */
async function mailedLink(address: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        try {
          link = /https?:\/\/[^\s"<>]+\/set-password\/[A-Za-z0-9_-]{43}/.exec(newestMailContaining(address))?.[0] ?? '';
        } catch {
          link = '';
        }
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return new URL(link).pathname;
}

const NEW_PASSWORD = 'Embrague-Bomba-2026';

async function setPassword(page: Page, name: string) {
  await page.getByLabel(/^Contraseña nueva$/).fill(NEW_PASSWORD);
  await page.getByLabel(/^Repita la contraseña$/).fill(NEW_PASSWORD);
  await shot(page, `${name}-form`);
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
  await expect(page.getByTestId('set-password-done')).toBeVisible();
}

test('a client admin creates a user, who sets a password from the e-mail and signs in', async ({ page }) => {
  await signIn(page, 'clientadmin', '/setting/user/new');
  await page.getByTestId('user-username').fill('lucia.recambios');
  await page.getByTestId('user-email').fill('lucia@taller-c00001.example');
  const saved = page.waitForResponse((r) => r.url().includes('/api/inuser/putuseradmin/') && r.ok());
  await page.getByTestId('user-save').click();
  await saved;
  await expect(page).toHaveURL(/\/setting\/user\/view\/[0-9a-f-]{36}/);
  await page
    .getByRole('button', { name: /Salir|Cerrar sesión/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/login$/);

  const path = await mailedLink('lucia@taller-c00001.example');
  expect(newestMailContaining('lucia@taller-c00001.example')).toContain('Bienvenido');
  await page.goto(path);
  await expect(page.getByText('Bienvenido, lucia.recambios: elija su contraseña')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'set-password');
  await atThreeWidths(page, 'access-100-welcome');
  await setPassword(page, 'access-110-welcome');

  // The link works once.
  await page.goto(path);
  await expect(page.getByTestId('set-password-invalid')).toBeVisible();
  await shot(page, 'access-120-link-used');

  await page.goto('/login');
  await submitLogin(page, 'lucia.recambios', NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a user who forgot the password asks for a link and sets a new one', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: '¿Ha olvidado su contraseña?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await atThreeWidths(page, 'access-200-forgot');
  await page.getByLabel('Usuario').fill('c2admin');
  await page.getByRole('button', { name: 'Enviar el enlace' }).click();
  await expect(page.getByTestId('forgot-done')).toContainText('Si el usuario existe');
  await shot(page, 'access-210-forgot-sent');
  await page.goto(await mailedLink('c2admin@demo.example'));
  await expect(page.getByText('Nueva contraseña para c2admin')).toBeVisible();
  await setPassword(page, 'access-220-reset');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await submitLogin(page, 'c2admin', NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('admin acts as buyer, sees the banner and the buyer’s orders, and returns', async ({ page }) => {
  // The user is found by part of the client's name (issue 25): the users the admin may act as, never staff.
  await signIn(page, 'admin', '/setting/actas');
  await page.getByLabel('Usuario del cliente').fill('Hermanos Garc');
  const options = page.getByTestId('act-as-option');
  await expect(options.filter({ hasText: /^buyerC00001/ })).toContainText('C00001 · Talleres Hermanos García, S.L.');
  await expect(options.filter({ hasText: /^admin/ })).toHaveCount(0);
  await atThreeWidths(page, 'access-300-act-as', () => expect(options.first()).toBeVisible());
  await options.filter({ hasText: /^buyerC00001/ }).click();
  await expect(page.getByLabel('Usuario del cliente')).toHaveValue('buyer');
  await page.getByTestId('act-as-start').click();
  await windowShot(page, 'access-310-act-as-confirm');
  const confirm = page
    .getByRole('tooltip')
    .filter({ has: page.getByRole('button', { name: 'Actuar como este usuario' }) });
  await expectNoSeriousA11yViolations(page, 'act-as confirmation', confirm);
  await page.getByRole('button', { name: 'Actuar como este usuario' }).last().click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const banner = page.getByTestId('acting-banner');
  await expect(banner).toContainText(/Actuando como buyer \(admin\) hasta las \d\d:\d\d/);

  // The buyer's orders: every row is of the buyer's client.
  const grid = page.waitForResponse((r) => r.url().includes('/api/insales/getallheadersjqgrid') && r.ok());
  await page.goto('/sales');
  const orders = await (await grid).json();
  expect(orders.rows.length).toBeGreaterThan(0);
  for (const row of orders.rows) expect(row.CUSTACCOUNT).toBe('C00001');
  await expect(page.getByTestId('acting-banner')).toBeVisible();
  await atThreeWidths(page, 'access-320-acting-orders', async () => {
    await expect(page.getByTestId('acting-banner')).toBeVisible();
  });

  const stopped = page.waitForResponse((r) => r.url().includes('/api/account/stopacting'));
  // A full load of the dashboard: the signed-in frame's one call brings the user (decision 0087).
  const me = page.waitForResponse((r) => r.url().includes('/api/common/shell') && r.ok());
  await page.getByTestId('acting-return').click();
  expect((await stopped).ok()).toBe(true);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('acting-banner')).toHaveCount(0);
  expect((await (await me).json()).user.username).toBe('admin');
  await topShot(page, 'access-330-back');
});

test('admin reads the sign-in log, filters blocked users, pages by 100 and exports the rows to Excel', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const first = page.waitForResponse((r) => r.url().includes('/api/inuser/GetUserLogsJqGrid') && r.ok());
  await page.goto('/setting/userlog');
  await first;
  const grid = page.getByTestId('userlog-grid');
  await expect(grid.getByTestId('grid-row')).toHaveCount(10);
  await expectNoSeriousA11yViolations(page, 'userlog');

  const filtered = page.waitForResponse((r) => r.url().includes('GetUserLogsJqGrid') && r.url().includes('filters'));
  await grid.getByTestId('grid-filter-message_Cod').click();
  await pickOption(page, 'Usuario bloqueado');
  const answer = await (await filtered).json();
  expect(answer.records).toBeGreaterThan(0);
  await expect(grid.getByTestId('grid-row').first()).toContainText('Usuario bloqueado');
  await atThreeWidths(page, 'access-400-userlog');

  const bigger = page.waitForResponse((r) => r.url().includes('GetUserLogsJqGrid') && r.url().includes('rows=100'));
  await grid.getByRole('combobox', { name: 'tamaño de página' }).click();
  await pickOption(page, '100 / página');
  await bigger;
  await expect(grid.getByTestId('grid-row').nth(10)).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByTestId('log-excel').click();
  expect((await download).suggestedFilename()).toMatch(/^userlog-\d{4}-\d\d-\d\d\.xlsx$/);

  const docs = page.waitForResponse((r) => r.url().includes('/api/insettings/GetLogDocumentsJqGrid') && r.ok());
  await page.goto('/setting/logdocument');
  await docs;
  await expect(page.getByTestId('logdocument-grid').getByTestId('grid-row')).toHaveCount(10);
  await atThreeWidths(page, 'access-410-logdocument');
});
