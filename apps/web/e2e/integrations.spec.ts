import { expect, type Page, test } from '@playwright/test';
import { atThreeWidths, expectNoSeriousA11yViolations, motionsDone, signIn, windowShot } from './support';

/** POST /token with client credentials, as the ERP's middleware would: the status it gets. */
async function tokenStatus(page: Page, clientId: string, secret: string): Promise<number> {
  const res = await page.request.post('/token', {
    form: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret },
  });
  return res.status();
}

test('admin creates an integration client, sees its secret once, adds an endpoint, rotates and revokes', async ({
  page,
}) => {
  await signIn(page, 'admin');
  // The screen is in the settings menu, after the mail outbox.
  await page.getByRole('menuitem', { name: /Configuración/ }).click();
  await page.getByRole('menuitem', { name: 'Integraciones' }).click();
  await expect(page).toHaveURL(/\/setting\/integrations$/);
  await expect(page.getByTestId('page-title')).toHaveText('Clientes de integración');
  // The demo's own ERP is a client like any other (decision 0067): listed, active.
  const demo = page.getByTestId('integration-row').filter({ hasText: 'ERP de demostración' });
  await expect(demo.getByTestId('integration-state')).toHaveText('Activo');
  await atThreeWidths(page, 'integrations-100-demo-erp', () => expect(demo).toBeVisible());

  // A new client: the form's rules are the contract's (a name, at least one scope).
  await page.getByTestId('integration-new').click();
  const form = page.getByRole('dialog');
  await form.getByLabel('erp.feeds').uncheck();
  await form.getByTestId('integration-create').click();
  await expect(form.getByText('Dé un nombre al cliente.')).toBeVisible();
  await expect(form.getByText('Elija al menos un ámbito.')).toBeVisible();
  await form.getByTestId('integration-name').fill('ERP Dynamics – producción');
  await form.getByLabel('erp.feeds').check();
  await form.getByLabel('erp.events').check();
  await motionsDone(page);
  await windowShot(page, 'integrations-110-new-client');
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/integration/admin/clients') && r.request().method() === 'POST',
  );
  await form.getByTestId('integration-create').click();
  expect((await created).status()).toBe(201);

  // The client_id and the secret, once, with the warning; the secret works at POST /token.
  const secretBox = page.getByTestId('integration-secret');
  await expect(secretBox).toContainText('solo se muestra esta vez');
  const clientId = (await page.getByTestId('integration-secret-client-id').textContent()) ?? '';
  const secret = (await page.getByTestId('integration-secret-value').textContent()) ?? '';
  expect(clientId).toMatch(/^ic_/);
  expect(secret).toMatch(/^ics_/);
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Copiar' })).toHaveCount(2);
  await motionsDone(page);
  await expectNoSeriousA11yViolations(page, 'integration secret');
  for (const [width, height] of [
    [1440, 900],
    [979, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(page.getByTestId('integration-secret-done')).toBeVisible();
    await windowShot(page, `integrations-120-secret-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await tokenStatus(page, clientId, secret)).toBe(200);
  await page.getByTestId('integration-secret-done').click();
  await expect(page.getByTestId('integration-secret')).toHaveCount(0);
  // Once closed, the secret is nowhere on the page, and not in the list the screen reads.
  await expect(page.getByText(secret)).toHaveCount(0);
  const listed = await page.request.get('/api/integration/admin/clients', {
    headers: {
      Authorization: `Bearer ${await page.evaluate(() => JSON.parse(localStorage.getItem('authorizationData') ?? '{}').token)}`,
    },
  });
  expect(await listed.text()).not.toContain(secret);

  const row = page.getByTestId('integration-row').filter({ hasText: 'ERP Dynamics – producción' });
  await expect(row).toContainText(clientId);
  await expect(row.getByTestId('integration-state')).toHaveText('Activo');
  await expectNoSeriousA11yViolations(page, 'integrations');

  // Its webhook endpoints (the client just made is open below): plain http elsewhere is refused, https is added.
  const detail = page.getByTestId('integration-detail');
  await expect(detail).toContainText('Sin endpoints de webhook');
  const url = detail.getByTestId('integration-webhook-url');
  await url.fill('http://erp.example/portal/events');
  await detail.getByTestId('integration-webhook-add').click();
  await expect(detail.getByText('La dirección debe usar https.')).toBeVisible();
  await url.fill('https://erp.example/portal/events');
  const added = page.waitForResponse((r) => r.url().endsWith('/webhooks') && r.request().method() === 'POST');
  await detail.getByTestId('integration-webhook-add').click();
  expect((await added).status()).toBe(201);
  await expect(detail.getByTestId('integration-webhook')).toHaveCount(1);
  await expect(detail.getByTestId('integration-webhook')).toContainText('https://erp.example/portal/events');
  // The same one again: the server's refusal is shown on the field.
  await url.fill('https://erp.example/portal/events');
  await detail.getByTestId('integration-webhook-add').click();
  await expect(detail.getByText('Este cliente ya tiene este endpoint.')).toBeVisible();
  // A second one, removed after confirming.
  await url.fill('http://127.0.0.1:4010/hooks');
  await detail.getByTestId('integration-webhook-add').click();
  await expect(detail.getByTestId('integration-webhook')).toHaveCount(2);
  await detail.getByRole('button', { name: 'Quitar http://127.0.0.1:4010/hooks' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Quitar' }).click();
  await expect(detail.getByTestId('integration-webhook')).toHaveCount(1);
  await atThreeWidths(page, 'integrations-130-client', () =>
    expect(detail.getByTestId('integration-webhook')).toBeVisible(),
  );
  // Its recent calls: the token it got above is no call of the integration API yet.
  await detail.getByRole('tab', { name: 'Llamadas recientes' }).click();
  await expect(detail.getByText('Este cliente aún no ha hecho ninguna llamada.')).toBeVisible();

  // Rotate, after confirming: a new secret once; the old one stops.
  await row.getByTestId('integration-rotate').click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('dejan de funcionar al instante');
  await motionsDone(page);
  await windowShot(page, 'integrations-140-rotate-confirm');
  await confirm.getByRole('button', { name: 'Renovar secreto' }).click();
  await expect(page.getByRole('dialog')).toContainText('ERP Dynamics – producción: secreto nuevo');
  const rotated = (await page.getByTestId('integration-secret-value').textContent()) ?? '';
  expect(rotated).not.toBe(secret);
  expect(await page.getByTestId('integration-secret-client-id').textContent()).toBe(clientId);
  await page.getByTestId('integration-secret-done').click();
  expect(await tokenStatus(page, clientId, secret)).toBe(401);
  expect(await tokenStatus(page, clientId, rotated)).toBe(200);

  // Revoke, after confirming (cancelling first changes nothing): the client is revoked for good.
  await row.getByTestId('integration-revoke').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
  await expect(row.getByTestId('integration-state')).toHaveText('Activo');
  await row.getByTestId('integration-revoke').click();
  await expect(page.getByRole('dialog')).toContainText('No se puede deshacer');
  await page.getByRole('dialog').getByRole('button', { name: 'Revocar' }).click();
  await expect(page.getByText('El cliente está revocado.').first()).toBeVisible();
  await expect(row.getByTestId('integration-state')).toHaveText('Revocado');
  await expect(row.getByTestId('integration-rotate')).toHaveCount(0);
  expect(await tokenStatus(page, clientId, rotated)).toBe(401);
  await atThreeWidths(page, 'integrations-150-revoked', () =>
    expect(page.getByTestId('integration-row').first()).toBeVisible(),
  );
});

test('the integration clients are for admins only', async ({ page }) => {
  await signIn(page, 'clientadmin', '/setting/integrations');
  await expect(page.getByText('Solo los administradores gestionan los clientes de integración.')).toBeVisible();
});
