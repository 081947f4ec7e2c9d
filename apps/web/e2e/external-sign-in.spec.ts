import { expect, type Page, test } from '@playwright/test';
import { atThreeWidths, bearer, DEMO_PASSWORD, expectNoSeriousA11yViolations, windowShot } from './support';

/**
 * Issue 14, decision 0036: external sign-in against the OpenID Connect provider the journeys' server starts on this
 * machine (it signs one person in at once). The first time, the person links the identity by proving buyer's
 * password; the next time the provider alone signs buyer in. In order, on one server.
 * Issue 22, decision 0056: a sign-in handed to another browser goes no further there; a provider that names the
 * person only in userinfo; a banned user told so.
 */
test.describe.configure({ mode: 'serial' });

/** The person the journeys' provider signs in by default (scripts/e2e-server.ts, test/oidc-provider.ts). */
const PERSON_1 = { sub: 'person-1', email: 'person@example.com' };

/** The provider's authorization URL of a sign-in started by the page's browser (its cookie is set there). */
async function startIn(page: Page): Promise<string> {
  const start = await page.request.get('/api/account/external/start', { maxRedirects: 0 });
  expect(start.status()).toBe(302);
  return String(start.headers().location);
}

/** Chooses who the journeys' provider signs in next. */
async function providerSignsIn(
  page: Page,
  person: { sub: string; email?: string; name?: string; claimsIn?: 'userinfo' },
): Promise<void> {
  const chosen = await page.request.post(`${new URL(await startIn(page)).origin}/test/person`, { data: person });
  expect(chosen.ok()).toBe(true);
}

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

test('a sign-in handed to another browser goes no further there; the browser that started it links', async ({
  page,
  browser,
}) => {
  await providerSignsIn(page, { sub: 'person-handed', email: 'otra@example.com' });
  // The browser of this page starts and the provider answers: the callback URL is what an attacker would hand over.
  const atProvider = await page.request.get(await startIn(page), { maxRedirects: 0 });
  expect(atProvider.status()).toBe(302);
  const callback = String(atProvider.headers().location);
  expect(callback).toMatch(/\/api\/account\/external\/callback\?/);

  const victim = await browser.newContext({ locale: 'es-ES', reducedMotion: 'reduce' });
  try {
    const other = await victim.newPage();
    await other.goto(callback);
    await expect(other).toHaveURL(/\/login\?external=browser$/);
    await expect(other.getByTestId('external-failure')).toHaveText(
      'Este acceso externo no se inició en este navegador y no puede seguir aquí. Si no lo inició usted, no escriba su contraseña; si lo hizo, vuelva a empezar.',
    );
    await expectNoSeriousA11yViolations(other, 'login, external sign-in of another browser');
    await atThreeWidths(other, 'external-6-other-browser');

    // The browser that started it goes on to the link page; that page handed over asks the other browser nothing.
    await page.goto(callback);
    await expect(page).toHaveURL(/\/external\/link#ticket=[A-Za-z0-9_-]{43}$/);
    await expect(page.getByTestId('external-link-intro')).toContainText(
      'Cuenta del grupo le identifica como otra@example.com',
    );
    await other.goto(page.url());
    await expect(other.getByTestId('external-link-invalid')).toContainText(
      'Este acceso externo no se inició en este navegador',
    );
    await expect(other.getByLabel('Contraseña')).toHaveCount(0);
    await expectNoSeriousA11yViolations(other, 'external link page of another browser');
    await atThreeWidths(other, 'external-7-link-other-browser');
  } finally {
    await victim.close();
  }
});

test('a provider that names the person only in userinfo: the link page shows that name', async ({ page }) => {
  await providerSignsIn(page, { sub: 'person-userinfo', name: 'María Taller', claimsIn: 'userinfo' });
  await page.goto('/login');
  await page.getByTestId('external-signin').click();
  await expect(page).toHaveURL(/\/external\/link#ticket=/);
  await expect(page.getByTestId('external-link-intro')).toHaveText(
    'Cuenta del grupo le identifica como María Taller. Para entrar con Cuenta del grupo a partir de ahora, indique una sola vez su usuario y su contraseña del portal.',
  );
  await atThreeWidths(page, 'external-8-link-userinfo-name');

  // A provider that names nobody at all: the page says the provider identified the person, and names nobody.
  await providerSignsIn(page, { sub: 'person-unnamed', claimsIn: 'userinfo' });
  await page.goto('/login');
  await page.getByTestId('external-signin').click();
  await expect(page.getByTestId('external-link-intro')).toHaveText(
    'Cuenta del grupo le ha identificado. Para entrar con Cuenta del grupo a partir de ahora, indique una sola vez su usuario y su contraseña del portal.',
  );
});

test('a banned user whose identity is linked is told the account is blocked', async ({ page }) => {
  await providerSignsIn(page, PERSON_1);
  await page.goto('/login');
  await page.getByTestId('external-signin').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const profile = await page.request.get('/api/inuser/getprofile/', { headers: await bearer(page) });
  expect(profile.ok()).toBe(true);
  const buyerId = String((await profile.json()).id);
  const admin = await page.request.post('/token', {
    form: { grant_type: 'password', username: 'admin', password: DEMO_PASSWORD },
  });
  expect(admin.ok()).toBe(true);
  const headers = { Authorization: `Bearer ${(await admin.json()).access_token}` };
  const ban = (blocked: boolean) =>
    page.request.post(`/api/inuser/blockuser/${buyerId}`, { headers, data: { blocked } });
  expect((await ban(true)).ok()).toBe(true);
  try {
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/login');
    await page.getByTestId('external-signin').click();
    await expect(page.getByTestId('external-signin-failed')).toContainText(
      'El usuario está bloqueado. Póngase en contacto con su administrador.',
    );
    await expectNoSeriousA11yViolations(page, 'external sign-in of a banned user');
    await atThreeWidths(page, 'external-9-banned');
  } finally {
    expect((await ban(false)).ok()).toBe(true);
  }
});
