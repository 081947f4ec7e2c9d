import { expect, type Locator, type Page, test } from '@playwright/test';
import { atThreeWidths, expectNoSeriousA11yViolations, motionsDone, signIn, windowShot } from './support';

const rows = (grid: Locator) => grid.getByTestId('grid-row');

/** Waits for the answer of a call whose path contains `part`, started by `act`. */
async function answered(page: Page, part: string, act: () => Promise<void>) {
  const response = page.waitForResponse((r) => r.url().includes(part) && r.request().method() !== 'OPTIONS');
  await act();
  return response;
}

test('admin finds a client, opens a user, bans and unbans, grants roles with the confirmation', async ({ page }) => {
  await signIn(page, 'admin', '/setting/client');
  const clients = page.getByTestId('clients-grid');
  await expect(rows(clients)).toHaveCount(10);
  await expectNoSeriousA11yViolations(page, 'clients');

  // Find the client by name in the filter toolbar; the call carries the rule.
  const filtered = await answered(page, 'GetClientesJqGrid', async () => {
    await clients.getByTestId('grid-filter-NAME').fill('García');
    await clients.getByTestId('grid-filter-NAME').press('Enter');
  });
  expect(new URL(filtered.url()).searchParams.get('filters')).toContain('"NAME"');
  const row = rows(clients).filter({ hasText: 'C00001' });
  await expect(row).toHaveCount(1);
  await atThreeWidths(page, 'people-100-clients');

  // Open the client: its data, its flags and its users.
  await row.click();
  await expect(page).toHaveURL(/\/setting\/client\/C00001$/);
  await expect(page.getByTestId('client-name')).toHaveValue('Talleres Hermanos García, S.L.');
  const users = page.getByTestId('client-users-grid');
  await expect(rows(users).filter({ hasText: 'buyer' }).first()).toBeVisible();
  await atThreeWidths(page, 'people-110-client');

  // Open the user from the client's users grid.
  await rows(users)
    .filter({ hasText: /^buyer/ })
    .getByTestId('user-edit')
    .click();
  await expect(page).toHaveURL(/\/setting\/user\/view\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('user-username')).toHaveValue('buyer');
  // The admin may act as this user: the screen offers it (issue 25).
  await expect(page.getByTestId('user-act-as')).toHaveText('Actuar como');
  const ban = page.getByTestId('user-ban');
  await expect(ban).not.toBeChecked();
  await atThreeWidths(page, 'people-120-user');
  await expectNoSeriousA11yViolations(page, 'user detail');

  // Ban, then lift the ban: each answer is shown (WARN_UserBanned_ + result).
  await answered(page, '/api/inuser/blockuser/', () => ban.click());
  await expect(ban).toBeChecked();
  await expect(page.getByText('Usuario bloqueado.')).toBeVisible();
  await answered(page, '/api/inuser/blockuser/', () => ban.click());
  await expect(ban).not.toBeChecked();
  await expect(page.getByText('Usuario desbloqueado.')).toBeVisible();

  // Roles: granting the general Administration asks first; cancelling saves nothing, confirming saves.
  await page.getByRole('tab', { name: 'Roles' }).click();
  await expect(page).toHaveURL(/\/roles$/);
  const admin = page.getByTestId('role-admin');
  await expect(admin).not.toBeChecked();
  await admin.check();
  await page.getByTestId('roles-save').click();
  const confirm = page.getByRole('dialog').filter({ hasText: '¡AVISO!' });
  await expect(confirm).toContainText('Administración general');
  await motionsDone(page);
  await windowShot(page, 'people-130-admin-role-confirm');
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(confirm).toBeHidden();
  await page.getByTestId('roles-save').click();
  const saved = await answered(page, '/api/inuser/putuserroles/', () =>
    page.getByRole('dialog').getByTestId('confirm-admin-role').click(),
  );
  expect(saved.status()).toBe(200);
  expect(saved.request().postDataJSON().roles).toContainEqual({ nombre: 'admin', sw_checked: true });
  await expect(page.getByText('Guardado correctamente.')).toBeVisible();
  await atThreeWidths(page, 'people-140-user-roles');

  // Take it back: without the Administration option nothing is asked.
  await admin.uncheck();
  await answered(page, '/api/inuser/putuserroles/', () => page.getByTestId('roles-save').click());
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // "Actuar como" opens the acting screen with the user's name, which asks before it starts.
  await page.getByTestId('user-act-as').click();
  await expect(page).toHaveURL(/\/setting\/actas\?username=buyer$/);
  await expect(page.getByLabel('Usuario del cliente')).toHaveValue('buyer');
});

test('a client admin sees their own users only, and a new user gets the address placeholder', async ({ page }) => {
  await signIn(page, 'clientadmin');
  await page.getByRole('menuitem', { name: /Mis usuarios/ }).click();
  await expect(page).toHaveURL(/\/setting\/user$/);
  const grid = page.getByTestId('users-grid');
  await expect(rows(grid).first()).toBeVisible();
  for (const client of await rows(grid).locator('td').nth(1).allTextContents()) expect(client).toBe('C00001');
  await expect(rows(grid).filter({ hasText: 'buyer2' })).toHaveCount(0);

  await page.getByTestId('new-user').click();
  await expect(page).toHaveURL(/\/setting\/user\/new$/);
  await expect(page.getByTestId('user-client')).toHaveValue('C00001');
  await expect(page.getByTestId('user-client')).toBeDisabled();
  await expect(page.getByTestId('user-address')).toContainText('Seleccione su dirección');
  await expect(page.getByTestId('user-actions')).toHaveCount(0);
  await atThreeWidths(page, 'people-200-new-user');
});

test('an admin creates a user for a client: the client’s addresses are offered and the admin stays signed in', async ({
  page,
}) => {
  await signIn(page, 'admin', '/setting/user/new');
  await page.getByTestId('user-client').fill('C00001');
  await page.getByTestId('user-client').press('Tab');
  await page.getByTestId('user-address').click();
  // C00001's delivery addresses (the seed's client Talleres Hermanos García), offered as choices.
  await expect(page.getByText(/^Talleres Hermanos García \(sede\) · /)).toBeVisible();
  await expect(page).toHaveURL(/\/setting\/user\/new$/);
  await expect(page.getByText('Acceso no permitido')).toHaveCount(0);
});
