import { expect, type Locator, type Page, test } from '@playwright/test';
import { bearer, clearCart, expectNoSeriousA11yViolations, signIn } from './support';

/**
 * Issue 25 (Accessibility; decisions 0088, 0092): Esc closes every kind of dialog the portal opens (a modal, a
 * `modal.confirm`, a Popconfirm) and changes nothing, and axe finds nothing serious in those no other journey checked.
 */

/** Every call that writes (anything but a GET) the page sends from now on. */
function writesFrom(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && new URL(r.url()).pathname.startsWith('/api/')) writes.push(`${r.method()} ${r.url()}`);
  });
  return writes;
}

/** The confirmation open on the page (a Popconfirm), the one not hidden. */
const POPCONFIRM = '.ant-popconfirm:not(.ant-popover-hidden)';

/**
 * Opens a dialog with `open`, waits for `dialog`, runs axe on it (`within`), presses Esc and sees it gone with nothing
 * written meanwhile.
 */
async function escCloses(page: Page, name: string, open: Locator, dialog: Locator, within: string): Promise<void> {
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
  const popconfirm = page.locator(POPCONFIRM);
  await escCloses(page, 'web orders reload', page.getByTestId('reload-non-processed'), popconfirm, POPCONFIRM);

  await page.goto('/setting/client/C00001');
  await escCloses(page, "a client's deletion", page.getByTestId('client-delete'), popconfirm, POPCONFIRM);
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

test('a customer: related documents and the availability close with Esc', async ({ page }) => {
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
});

test("a cart line's deletion and a new integration client close with Esc, writing nothing", async ({ page }) => {
  // The buyer's cart holds one line, made certain through the API (BOS.159-1016 is a demo article sold from MAD01).
  await signIn(page, 'buyer', '/dashboard');
  await clearCart(page);
  const added = await page.request.post('/api/incheckout/addtocurrentcartfromrefjumasa', {
    headers: await bearer(page),
    data: { ref_jumasa: 'BOS.159-1016', quantity: 1 },
  });
  expect(added.ok()).toBe(true);
  await page.goto('/my-cart');
  const popconfirm = page.locator(POPCONFIRM);
  await escCloses(page, "a cart line's deletion", page.getByTestId('delete-line').first(), popconfirm, POPCONFIRM);
  // Still there after a reload.
  await page.reload();
  await expect(page.getByTestId('delete-line')).toHaveCount(1);
  await clearCart(page);

  await signIn(page, 'admin', '/setting/integrations');
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
});
