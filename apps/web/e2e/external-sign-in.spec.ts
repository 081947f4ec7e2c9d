import { expect, test } from '@playwright/test';
import { atThreeWidths, DEMO_PASSWORD, expectNoSeriousA11yViolations, windowShot } from './support';

/**
 * Issue 14, decision 0036: external sign-in against the OpenID Connect provider the journeys' server starts on this
 * machine (it signs one person in at once). The first time, the person links the identity by proving buyer's
 * password; the next time the provider alone signs buyer in. In order, on one server.
 */
test.describe.configure({ mode: 'serial' });

test('an unknown identity is linked once with the portal password, then the orders open', async ({ page }) => {
  await page.goto('/login');
  const button = page.getByTestId('external-signin');
  await expect(button).toHaveText('Entrar con Cuenta del grupo');
  await expectNoSeriousA11yViolations(page, 'login with external sign-in');
  await atThreeWidths(page, 'external-1-login');
  await button.click();

  await expect(page).toHaveURL(/\/external\/link#ticket=[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId('external-link-intro')).toContainText(
    'Cuenta del grupo le identifica como person@example.com',
  );
  await expectNoSeriousA11yViolations(page, 'external link page');
  await atThreeWidths(page, 'external-2-link');

  // A wrong password links nothing and says why; the field is emptied.
  await page.getByLabel('Usuario').fill('buyer');
  await page.getByLabel('Contraseña').fill('no-es-esta');
  await page.getByRole('button', { name: 'Vincular y entrar' }).click();
  await expect(page.getByRole('alert')).toHaveText('El usuario o la contraseña no son correctos.');
  await expect(page.getByLabel('Contraseña')).toHaveValue('');
  await windowShot(page, 'external-3-link-refused');

  await page.getByLabel('Contraseña').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Vincular y entrar' }).click();
  await expect(page.getByTestId('external-linked')).toHaveText(
    'Cuenta vinculada correctamente. En 2 segundos irá a sus pedidos.',
  );
  await windowShot(page, 'external-4-linked');
  await expect(page).toHaveURL(/\/sales$/);
});

test('a linked identity signs in with the provider alone; a failed answer says so on the login page', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByTestId('external-signin').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: /^buyer · / })).toBeVisible();

  // Back from the provider with a state the portal never sent: nothing is signed in.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(`/api/account/external/callback?state=${'x'.repeat(43)}&code=abc`);
  await expect(page).toHaveURL(/\/login\?external=failed$/);
  await expect(page.getByTestId('external-failure')).toHaveText(
    'No se ha podido entrar con el proveedor externo. Inténtelo de nuevo.',
  );
  await windowShot(page, 'external-5-failed');
});
