import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  addToCart,
  bearer,
  clearCart,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  motionsDone,
  signIn,
  WIDTHS,
  windowShot,
} from './support';

/**
 * Lists from a document and from quick order (issue 26; decision 0086), as buyer2, whose client has no list: a web
 * order it places itself (two lines), one line of it chosen into a new list (the dialog says there is none yet), then
 * quick order's two resolved lines into that list. The list is deleted at the end (another journey counts lists).
 */
const LIST = 'Del pedido web (journey)';
const REFS = ['AGC.643-8994', 'BOS.159-1016'] as const;
const DIALOG = '[data-testid="add-to-list-dialog"]';

/** At each width: the button (or the dialog) in view, nothing wider than the window, a screenshot of the window. */
async function atThreeWidths(page: Page, name: string, button?: Locator) {
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    await button?.scrollIntoViewIfNeeded();
    await motionsDone(page);
    await expectNoSidewaysScroll(page);
    await windowShot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a buyer adds chosen lines of a web order, then quick order’s lines, to a list', async ({ page }) => {
  await signIn(page, 'buyer2', '/my-cart');
  await clearCart(page);
  // The document: a web order of two lines, placed here with the checkout's defaults.
  for (const ref of REFS) await addToCart(page, ref, 2);
  const headers = await bearer(page);
  const full = await page.request.get('/api/incheckout/getLocationsPerCurrentCartFull?lang=es', { headers });
  const locations = ((await full.json()).cartlocations as Record<string, unknown>[]).map((l) => ({
    ...l,
    cust_ref: 'E2E LISTA',
  }));
  const finished = await page.request.post('/api/incheckout/finishcheckout', { headers, data: locations });
  expect(finished.ok()).toBe(true);
  const orderId = (await finished.json()).weborders[0].id as number;

  // From the web order's corner, beside "Volver a pedir": its lines, all chosen at first.
  await page.goto(`/salesweb/${orderId}`);
  const fromDocument = page.getByTestId('document-detail').getByTestId('add-to-list');
  await atThreeWidths(page, 'lists-document-corner', fromDocument);
  await fromDocument.click();
  const dialog = page.getByRole('dialog', { name: 'Añadir a una lista' });
  const lines = dialog.getByTestId('add-to-list-line');
  await expect(lines).toHaveCount(2);
  await expect(dialog.getByTestId('add-to-list-lines')).toContainText('Líneas elegidas: 2 de 2');
  // No list yet for this client: a new one is offered, named here.
  await expect(dialog.getByTestId('add-to-list-none')).toHaveText(
    'Aún no hay ninguna lista que pueda cambiar: escriba un nombre para crear una.',
  );
  // One line unchosen with the keyboard.
  const second = lines.filter({ hasText: REFS[1] }).getByRole('checkbox');
  await second.focus();
  await second.press('Space');
  await expect(second).not.toBeChecked();
  await expect(dialog.getByTestId('add-to-list-lines')).toContainText('Líneas elegidas: 1 de 2');
  await expect(dialog.getByTestId('add-to-list-ok')).toHaveText('Añadir 1 línea');
  await dialog.getByTestId('add-to-list-name').fill(LIST);
  await expectNoSeriousA11yViolations(page, 'add a document to a list', DIALOG);
  await atThreeWidths(page, 'lists-from-document');
  await dialog.getByTestId('add-to-list-name').press('Enter');
  await expect(page.getByText(`1 línea añadida a «${LIST}».`)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // Quick order: two lines resolved, both into that list (the web order's line gets its quantity added).
  await page.goto('/quick-order');
  await page.getByTestId('qo-text').fill(`${REFS[0]};3\n${REFS[1]};1`);
  await page.getByTestId('qo-resolve').click();
  await expect(page.getByTestId('qo-add')).toHaveText('Añadir 2 líneas al carrito');
  const fromQuickOrder = page.getByTestId('qo-lines').getByTestId('add-to-list');
  await atThreeWidths(page, 'lists-quick-order-footer', fromQuickOrder);
  await fromQuickOrder.click();
  await expect(dialog.getByTestId('add-to-list-count')).toHaveText(
    '2 líneas encontradas irán a la lista, con su cantidad.',
  );
  await expect(dialog.getByTestId('add-to-list-target')).toContainText(LIST);
  await expectNoSeriousA11yViolations(page, 'add quick order to a list', DIALOG);
  await atThreeWidths(page, 'lists-from-quick-order');
  await dialog.getByTestId('add-to-list-ok').click();
  await expect(page.getByText(`2 líneas añadidas a «${LIST}».`)).toBeVisible();

  // The list holds both articles: the web order's 2 and quick order's 3 of the first, 1 of the second.
  await page.goto('/lists');
  const card = page.getByTestId('list-card').filter({ hasText: LIST });
  await expect(card).toContainText('2 líneas');
  await expect(card).toContainText('6 unidades');
  await page.getByRole('link', { name: `Abrir ${LIST}` }).click();
  await expect(page.getByTestId('list-lines')).toContainText(REFS[0]);
  await expect(page.getByTestId('list-lines')).toContainText(REFS[1]);

  // A chosen list, as the lists' own journey leaves them: deleted.
  const id = /\/lists\/(\d+)/.exec(page.url())?.[1];
  const removed = await page.request.delete(`/api/inlist/lists/${id}`, { headers: await bearer(page) });
  expect(removed.ok()).toBe(true);
});

test('a list is offered from quick order only once a line is resolved', async ({ page }) => {
  await signIn(page, 'buyer2', '/quick-order');
  await page.getByTestId('qo-text').fill('NO-EXISTE 99 4');
  await page.getByTestId('qo-resolve').click();
  await expect(page.getByTestId('qo-add')).toBeDisabled();
  await expect(page.getByTestId('qo-lines').getByTestId('add-to-list')).toBeDisabled();
});
