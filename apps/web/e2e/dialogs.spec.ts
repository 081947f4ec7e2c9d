import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { addToCart, bearer, clearCart, expectNoSeriousA11yViolations, onlyGridRow, openList, signIn } from './support';

/**
 * Issue 25 (Accessibility; decisions 0088, 0092): Esc closes every kind of dialog the portal opens (a modal, a
 * `modal.confirm`, a Popconfirm) and changes nothing, and axe finds nothing serious in those no other journey checked.
 * Each test is one role's (one sign-in), and opens each screen once for all its dialogs.
 */

/** Every call that writes (anything but a GET) the page sends from now on. */
function writesFrom(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && new URL(r.url()).pathname.startsWith('/api/')) writes.push(`${r.method()} ${r.url()}`);
  });
  return writes;
}

/** The confirmation open on the page (a Popconfirm: a tooltip with its buttons; a closed one is hidden to a role). */
const popconfirmOf = (page: Page) => page.getByRole('tooltip').filter({ has: page.getByRole('button') });

/**
 * Opens a dialog with `open`, waits for `dialog`, runs axe on it (`within`), presses Esc and sees it gone with nothing
 * written meanwhile.
 */
async function escCloses(
  page: Page,
  name: string,
  open: Locator,
  dialog: Locator,
  within: Locator | string,
): Promise<void> {
  const writes = writesFrom(page);
  await open.click();
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page, name, within);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(writes, `calls that write after Esc on ${name}`).toEqual([]);
}

test('staff: the web orders reload, a client deletion, a table deletion and a mail resend close with Esc', async ({
  page,
}) => {
  await signIn(page, 'admin', '/salesweb-admin');
  const popconfirm = popconfirmOf(page);
  await escCloses(page, 'web orders reload', page.getByTestId('reload-non-processed'), popconfirm, popconfirm);

  await page.goto('/setting/client/C00001');
  await escCloses(page, "a client's deletion", page.getByTestId('client-delete'), popconfirm, popconfirm);
  // Nothing deleted: the client is there after a reload.
  await page.reload();
  await expect(page.getByTestId('client-actions')).toBeVisible();

  await page.goto('/setting/sync');
  const confirm = page.getByRole('dialog');
  await expect(page.getByTestId('sync-delete-3')).toBeEnabled();
  await escCloses(
    page,
    "sync's years: a table deletion",
    page.getByTestId('sync-delete-3'),
    confirm,
    '[role="dialog"]',
  );

  await page.goto('/setting/mail');
  const resend = page.getByTestId('mail-grid').getByTestId('mail-resend').first();
  await escCloses(page, 'mail resend', resend, confirm, '[role="dialog"]');
  await expect(page.getByTestId('mail-grid').getByTestId('mail-resend')).toHaveCount(2);
});

test('a customer: related documents, the availability and a stock alert cancellation close with Esc', async ({
  page,
}) => {
  await signIn(page, 'buyer', '/invoice');
  const grid = page.getByTestId('invoices-grid');
  await expect(grid.getByTestId('grid-row').first()).toBeVisible();
  const dialog = page.getByRole('dialog');
  await escCloses(page, 'related documents', grid.getByTestId('related-several').first(), dialog, '[role="dialog"]');

  // A product's dialog, and its availability over it: Esc closes the top one, then the other.
  await page.goto('/product-list?familia=28');
  await page.getByTestId('product-ref').first().click();
  const detail = page.getByRole('dialog').filter({ has: page.getByTestId('detail-ref') });
  await expect(detail).toBeVisible();
  const availability = page.getByRole('dialog', { name: /^Disponibilidad · / });
  await escCloses(page, 'availability', detail.getByTestId('open-availability'), availability, '.availability-modal');
  await expect(detail).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  await page.goto('/stock-alerts');
  const pending = page.getByTestId('stock-alert').filter({ hasText: 'Pendiente' });
  await expect(pending.first()).toBeVisible();
  const before = await pending.count();
  const cancel = pending.first().getByRole('button', { name: 'Anular aviso' });
  await escCloses(page, 'a stock alert cancellation', cancel, page.getByRole('dialog'), '[role="dialog"]');
  await page.reload();
  await expect(pending.first()).toBeVisible();
  await expect(pending).toHaveCount(before);
});

test("a cart line's deletion and the checkout's confirmation of another store close with Esc, ordering nothing", async ({
  page,
}) => {
  // The buyer's cart holds one line, made certain through the API (BOS.159-1016 is a demo article sold from MAD01).
  await signIn(page, 'buyer', '/my-cart');
  await clearCart(page);
  await addToCart(page, 'BOS.159-1016');
  await page.reload();
  const popconfirm = popconfirmOf(page);
  await escCloses(page, "a cart line's deletion", page.getByTestId('delete-line').first(), popconfirm, popconfirm);
  // Still there after a reload.
  await page.reload();
  await expect(page.getByTestId('delete-line')).toHaveCount(1);

  // The line served from another store than the buyer's home store (Madrid Sur), chosen on the cart as a buyer does.
  const store = page.getByTestId('cart-line').first().getByTestId('line-store');
  await store.click();
  const options = (await openList(page)).locator('[title]');
  await expect(options.first()).toBeVisible();
  const titles = await options.evaluateAll((all) => all.map((o) => o.getAttribute('title') ?? ''));
  const other = titles.find((title) => title !== 'Almacén Madrid Sur' && title.startsWith('Almacén ')) ?? '';
  expect(other).not.toBe('');
  await options.and(page.getByTitle(other, { exact: true })).click();
  await expect(store).toContainText(other);
  await page.goto('/my-cart/checkout');
  const away = page.getByTestId('checkout-location');
  await expect(away).toHaveCount(1);
  await expect(away).toContainText('No es su almacén');
  await away.getByLabel('Forma de pago').click();
  await (await openList(page)).getByTitle('Contado / contra reembolso', { exact: true }).click();
  await away.getByLabel('Su referencia').fill('OT-ESC');
  const confirm = page.getByRole('dialog', { name: 'Confirme los almacenes' });
  await escCloses(
    page,
    "the checkout's store confirmation",
    page.getByTestId('checkout-finish'),
    confirm,
    '[role="dialog"]',
  );
  await expect(page).toHaveURL(/\/my-cart\/checkout$/);
  // Nothing ordered: the line is still in the cart.
  const cart = await page.request.get('/api/incheckout/getcurrentcart?lang=es', { headers: await bearer(page) });
  expect((await cart.json()).cartitem_views).toHaveLength(1);
  await clearCart(page);
});

/** A refund's id by its observations, from the grid the signed-in user sees. */
const refundIdOf = async (page: Page, observations: string) =>
  (await onlyGridRow<{ Id: number }>(page, '/api/inrefund/getallheadersjqgrid', 'OBSERVATIONS', observations)).Id;

test("staff: a user's sign-out and deletion, the admin role's warning, a refund's receipt and a line's rejection close with Esc, writing nothing", async ({
  page,
}) => {
  await signIn(page, 'admin', '/setting/client/C00002');
  const users = page.getByTestId('client-users-grid');
  await users.getByTestId('grid-row').filter({ hasText: 'buyer2' }).getByTestId('user-edit').click();
  await expect(page).toHaveURL(/\/setting\/user\/view\/[0-9a-f-]{36}$/);
  const popconfirm = popconfirmOf(page);
  await escCloses(page, "a user's sign-out", page.getByTestId('user-force-logout'), popconfirm, popconfirm);
  await escCloses(page, "a user's deletion", page.getByTestId('user-delete'), popconfirm, popconfirm);
  await page.reload();
  await expect(page.getByTestId('user-username')).toHaveValue('buyer2');

  // Granting the general administration warns first; Esc leaves the roles as they were (after a reload too).
  await page.getByRole('tab', { name: 'Roles' }).click();
  await page.getByTestId('role-admin').check();
  await escCloses(page, 'the admin role', page.getByTestId('roles-save'), page.getByRole('dialog'), '[role="dialog"]');
  await page.reload();
  await expect(page.getByTestId('role-admin')).not.toBeChecked();

  // buyer2's requested refund (marking it received asks first), a received one of C00001 (a line's rejection asks the
  // reason): Esc on each, the stage unchanged.
  const requested = await refundIdOf(page, 'Caja golpeada');
  await page.goto(`/allrefunds/${requested}`);
  const detail = page.getByTestId('refund-detail');
  const receive = detail.getByRole('button', { name: 'Marcar recibida' });
  await escCloses(page, "a refund's receipt", receive, page.getByRole('dialog'), '[role="dialog"]');
  await page.reload();
  await expect(receive).toBeVisible();

  await page.goto(`/allrefunds/${await refundIdOf(page, 'Devolucion received')}`);
  const reject = page.getByRole('dialog', { name: /Rechazar la línea/ });
  const line = detail.locator('.refund-line').first();
  await escCloses(
    page,
    "a line's rejection",
    line.getByRole('button', { name: 'Rechazar' }),
    reject,
    '[role="dialog"]',
  );
  await page.reload();
  await expect(line.getByRole('button', { name: 'Rechazar' })).toBeVisible();
  await expect(line).not.toContainText('Rechazada');
});

test("staff: a file deletion, a new integration client and a webhook's removal close with Esc, writing nothing", async ({
  page,
}) => {
  await signIn(page, 'admin', '/setting/file');
  const folder = page.getByRole('treeitem', { name: /Catálogos/ });
  await folder.getByText('Catálogos', { exact: true }).click();
  await expect(page.getByTestId('current-folder')).toContainText('Catálogos');
  await escCloses(
    page,
    'a file deletion',
    page.getByTestId('delete-selected'),
    page.getByRole('dialog'),
    '[role="dialog"]',
  );
  await page.reload();
  await expect(folder).toBeVisible();

  // A client of its own with a webhook, made through the API before the integrations screen opens.
  const headers = await bearer(page);
  const name = `Webhooks (Esc) ${Date.now().toString(36)}`;
  const made = await page.request.post('/api/integration/admin/clients', {
    headers,
    data: { name, scopes: ['erp.events'] },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  const url = 'https://erp.example/esc/events';
  const hook = await page.request.post(`/api/integration/admin/clients/${id}/webhooks`, { headers, data: { url } });
  expect(hook.status()).toBe(201);

  await page.goto('/setting/integrations');
  const rows = page.getByTestId('integration-row');
  await expect(rows.first()).toBeVisible();
  const before = await rows.count();
  await escCloses(
    page,
    'a new integration client',
    page.getByTestId('integration-new'),
    page.getByRole('dialog'),
    '[role="dialog"]',
  );
  await expect(rows).toHaveCount(before);

  await rows.filter({ hasText: name }).getByTestId('integration-details').click();
  const detail = page.getByTestId('integration-detail');
  await escCloses(
    page,
    "a webhook's removal",
    detail.getByRole('button', { name: `Quitar ${url}` }),
    page.getByRole('dialog'),
    '[role="dialog"]',
  );
  await expect(detail.getByTestId('integration-webhook')).toHaveCount(1);
  const listed = await page.request.get(`/api/integration/admin/clients/${id}/webhooks`, { headers });
  expect(JSON.stringify(await listed.json())).toContain(url);
  // Revoked once checked: the portal's events are not sent to that address for the rest of the run.
  expect((await page.request.post(`/api/integration/admin/clients/${id}/revoke`, { headers })).ok()).toBe(true);
});

test("staff: sending a post, an FAQ answer and the editor's link close with Esc", async ({ page }) => {
  await signIn(page, 'admin', '/post/1');
  await page.locator('[data-testid^="post-row-"]').first().click();
  await expect(page.getByTestId('post-send')).toBeVisible();
  const send = page.getByRole('dialog', { name: 'Enviar la publicación por correo' });
  await escCloses(page, 'sending a post', page.getByTestId('post-send'), send, '[role="dialog"]');
  const link = page.getByRole('dialog', { name: 'Enlace' });
  await escCloses(page, "a post editor's link", page.getByTestId('post-body-es-UI_Post_Link'), link, '.rich-text-link');

  // A new FAQ pack: an answer's dialog, and its editor's link over it (Esc closes the top one, then the other).
  await page.goto('/faq/new');
  const answer = page.getByRole('dialog').filter({ has: page.getByTestId('faq-question-input') });
  await escCloses(page, 'an FAQ answer', page.getByTestId('faq-add-response'), answer, '[role="dialog"]');
  await expect(page.getByTestId('faq-response')).toHaveCount(0);
  await page.getByTestId('faq-add-response').click();
  await escCloses(page, "an FAQ answer's link", answer.getByTestId('faq-answer-UI_Post_Link'), link, '.rich-text-link');
  await expect(answer).toBeVisible();
  // As a keyboard user, the pointer off the toolbar: the link button's tooltip, shown while the pointer is over it,
  // would take the next Esc first (the top layer closes first, as a tooltip must).
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(answer).toBeHidden();
  await expect(page.getByTestId('faq-response')).toHaveCount(0);
});

test("a refund's evidence deletion and finish close with Esc", async ({ page }) => {
  // buyer2's showcase slip (the seed's ALBDV00002, for the journeys): line 1 to the refunds cart, with a photo.
  await signIn(page, 'buyer2', '/packingslip/ALBDV00002');
  await page
    .locator('[data-testid="document-line"][data-line="1"]')
    .getByRole('button', { name: 'Devolver la línea 1' })
    .click();
  const returning = page.getByRole('dialog');
  await returning.getByRole('combobox').click();
  await (await openList(page)).getByTitle('Defecto de fabricación', { exact: true }).click();
  await returning.getByRole('spinbutton').fill('1');
  const added = page.waitForResponse((r) => r.url().includes('/api/inpackingslip/refund') && r.ok());
  await returning.getByRole('button', { name: 'Añadir a devoluciones' }).click();
  await added;

  await page.goto('/myrefundscart');
  const card = page.locator('.refund-cart-line');
  await expect(card).toHaveCount(1);
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2f6b9c' } })
    .jpeg()
    .toBuffer();
  const uploaded = page.waitForResponse((r) => r.url().includes('/api/inrefund/AddFilesToRefund') && r.ok());
  await card.locator('input[type=file]').setInputFiles({ name: 'caja.jpg', mimeType: 'image/jpeg', buffer: photo });
  await uploaded;
  const file = card.locator('.refund-files').getByText('caja.jpg');
  await expect(file).toBeVisible();
  await escCloses(
    page,
    "a refund's evidence deletion",
    card.getByRole('button', { name: 'Borrar archivo' }),
    page.getByRole('dialog'),
    '[role="dialog"]',
  );
  const finish = page.getByRole('dialog', { name: 'Finalizar la devolución' });
  await escCloses(page, "a refund's finish", page.getByTestId('refund-finish'), finish, '[role="dialog"]');
  await page.reload();
  await expect(card).toHaveCount(1);
  await expect(file).toBeVisible();
  // The cart left as the seed has it.
  const cart = await page.request.get('/api/inrefund/getrefundscart', { headers: await bearer(page) });
  for (const line of (await cart.json()).lines as { id: number }[]) {
    const removed = await page.request.delete(`/api/inrefund/deletefromcurrentcart/${line.id}`, {
      headers: await bearer(page),
    });
    expect(removed.ok()).toBe(true);
  }
});
