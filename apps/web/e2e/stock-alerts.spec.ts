import { expect, type Page, test } from '@playwright/test';
import {
  atThreeWidths,
  DEMO_PASSWORD,
  expectNoSeriousA11yViolations,
  motionsDone,
  signIn,
  WIDTHS,
  windowShot,
} from './support';

/**
 * "Back in stock at my store" (issue 26; decision 0075): a buyer asks to be told when an article comes back to a
 * store that has none, the ERP's stock feed brings it, and the bell in the header tells of it. The feed is sent as
 * the ERP's middleware would, with a machine client an admin makes through the API.
 */
const REF = 'BOS.159-1016';
const STORE = { id: 'BIO01', name: 'Almacén Bilbao' };

/** A token of a new integration client with the erp.feeds scope. */
async function feedToken(page: Page): Promise<string> {
  const admin = await page.request.post('/token', {
    form: { grant_type: 'password', username: 'admin', password: DEMO_PASSWORD },
  });
  const headers = { Authorization: `Bearer ${(await admin.json()).access_token}` };
  const made = await page.request.post('/api/integration/admin/clients', {
    headers,
    data: { name: 'ERP stock (journey)', scopes: ['erp.feeds'] },
  });
  expect(made.status()).toBe(201);
  const { clientId, clientSecret } = await made.json();
  const token = await page.request.post('/token', {
    form: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
  });
  return (await token.json()).access_token;
}

/** The unread count the bell says in its name ("Notificaciones: 3 sin leer"; 0 when it says none). */
async function unread(page: Page): Promise<number> {
  const label = (await page.getByTestId('notification-bell').getAttribute('aria-label')) ?? '';
  return Number(/(\d+) sin leer/.exec(label)?.[1] ?? 0);
}

test('a buyer asks for an alert on a store without stock, the stock feed brings it, the bell tells', async ({
  page,
}) => {
  const token = await feedToken(page);
  const stock = async (quantity: number) => {
    const res = await page.request.post('/api/integration/v1/feeds/stock', {
      headers: { Authorization: `Bearer ${token}` },
      data: [{ ITEMID: REF, INVENTLOCATIONID: STORE.id, AVAILPHYSICAL: quantity }],
    });
    expect(res.ok()).toBe(true);
    return (await res.json()).applied as number;
  };
  // Certain data: the store holds none of the article.
  await stock(0);

  await signIn(page, 'buyer', `/product-list?ref=${REF}`);
  await page.getByTestId('product-ref').first().click();
  await page.getByTestId('open-availability').click();
  const availability = page.getByRole('dialog', { name: `Disponibilidad · ${REF}` });
  const row = availability.getByRole('row').filter({ hasText: STORE.name });
  await row.getByRole('button', { name: `Avisarme cuando haya stock en ${STORE.name}` }).click();
  await expect(row.getByTestId('stock-alert-set')).toContainText('Aviso pedido');
  await motionsDone(page);
  await expectNoSeriousA11yViolations(page, 'availability with a stock alert', '.availability-modal');
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    await expect(availability.getByTestId('stock-alert-set')).toBeVisible();
    await windowShot(page, `stock-alerts-10-asked-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // The ERP's feed brings stock to that store: the alert fires (once), the bell counts it.
  const before = await unread(page);
  expect(await stock(4)).toBe(1);
  await page.goto('/dashboard');
  await expect.poll(() => unread(page)).toBe(before + 1);
  await page.getByTestId('notification-bell').click();
  const panel = page.getByTestId('notification-panel');
  const item = panel.getByTestId('notification-item').first();
  await expect(item).toContainText(`${REF} vuelve a tener stock en ${STORE.name}`);
  await expectNoSeriousA11yViolations(page, 'notifications panel', '.notification-panel');
  // The whole panel inside the window at each width (on a phone it ran past the right edge).
  await atThreeWidths(page, 'stock-alerts-20-bell', async () => {
    await expect(item).toBeVisible();
    await expect(panel).toBeInViewport({ ratio: 1 });
  });

  // Opening it leads to the article and marks it read.
  await item.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/product-list\\?ref=${REF.replace('.', '\\.')}`));
  await expect.poll(() => unread(page)).toBe(before);

  // My alerts: the one that fired, the demo's pending ones (cancel asks first).
  await page.goto('/stock-alerts');
  await page.getByText('Ver también los cumplidos y anulados').click();
  const fired = page.getByTestId('stock-alert').filter({ hasText: REF });
  await expect(fired.first()).toContainText('Hay stock');
  await expectNoSeriousA11yViolations(page, 'my stock alerts');
  await atThreeWidths(page, 'stock-alerts-30-mine', () => expect(fired.first()).toBeVisible());
  const pending = page.getByTestId('stock-alert').filter({ hasText: 'Pendiente' });
  const pendingBefore = await pending.count();
  await pending.first().getByRole('button', { name: 'Anular aviso' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Anular', exact: true }).click();
  await expect(page.getByText('Aviso anulado.')).toBeVisible();
  await expect(pending).toHaveCount(pendingBefore - 1);
});
