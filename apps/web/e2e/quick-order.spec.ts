import { expect, test } from '@playwright/test';
import {
  atThreeWidths,
  bearer,
  clearCart,
  expectNoSeriousA11yViolations,
  motionsDone,
  openList,
  signIn,
} from './support';

/** A glass part the demo data always has (our reference), and the OEM code two demo articles share (seed). */
const REF = 'AGC.643-8994';
const SHARED_OEM = '1K0 145 803 AB';

test('quick order: paste a list, pick the article of an ambiguous code, add to the cart; reorder an order', async ({
  page,
}) => {
  await signIn(page, 'buyer');
  await clearCart(page);

  // From the header: paste a list with a header line, our reference, a shared OEM code and a code nobody has.
  await page.getByTestId('quick-order-button').click();
  await expect(page).toHaveURL(/\/quick-order$/);
  const text = page.getByTestId('qo-text');
  await text.fill(`Referencia;Cantidad\n${REF};2,5\n${SHARED_OEM}\t1\nNO-EXISTE 99 4`);
  // The live preview reads the lines by the contract's rule before anything is sent.
  await expect(page.getByTestId('qo-preview')).toContainText('3 líneas leídas');
  await expect(page.getByTestId('qo-preview')).toContainText('La primera línea es una cabecera');
  await page.getByTestId('qo-resolve').click();

  const line = (row: number) => page.locator(`[data-testid="qo-line"][data-row="${row}"]`);
  await expect(line(2)).toHaveAttribute('data-status', 'found');
  await expect(line(2).getByTestId('qo-line-ref')).toHaveText(REF);
  await expect(line(2).getByTestId('qo-line-qty')).toHaveValue('3');
  await expect(line(2).getByTestId('qo-line-qty-note')).toHaveText(
    'Solo cantidades enteras: «2,5» se ha redondeado a 3.',
  );
  await expect(line(3)).toHaveAttribute('data-status', 'ambiguous');
  await expect(line(4)).toHaveAttribute('data-status', 'notFound');
  await expect(line(4)).toContainText('«NO-EXISTE 99»');
  await expect(page.getByTestId('qo-add')).toHaveText('Añadir 1 línea al carrito');
  await expect(page.getByTestId('qo-not-added')).toHaveText('2 líneas sin artículo elegido no se añadirán.');

  // The ambiguous line: the customer picks the second article.
  await line(3).getByTestId('qo-line-pick').click();
  const options = (await openList(page)).locator('[title]');
  await expect(options).toHaveCount(2);
  await motionsDone(page);
  await options.nth(1).click();
  await expect(line(3).getByTestId('qo-line-article')).toBeVisible();
  await expect(line(3).getByTestId('qo-line-status')).toHaveText('Elegido');
  await expect(page.getByTestId('qo-add')).toHaveText('Añadir 2 líneas al carrito');
  await expectNoSeriousA11yViolations(page, 'quick order with lines');
  await atThreeWidths(page, '260-quick-order-lines');

  // The order pad: a code and Enter, a quantity and Enter; the match shows while typing.
  await page.getByTestId('qo-pad-code').fill(REF);
  await expect(page.getByTestId('qo-pad-live')).toContainText(REF);
  await page.getByTestId('qo-pad-code').press('Enter');
  await expect(page.getByTestId('qo-pad-qty')).toBeFocused();
  await page.getByTestId('qo-pad-qty').fill('1');
  await page.getByTestId('qo-pad-qty').press('Enter');
  await expect(line(5)).toHaveAttribute('data-status', 'found');
  await expect(page.getByTestId('qo-pad-code')).toBeFocused();

  await page.getByTestId('qo-add').click();
  await expect(page.getByTestId('qo-added')).toContainText('2 líneas añadidas al carrito.');
  await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Carrito (2)');

  // Reorder: the newest order of the client, from its detail; the lines come back checked again.
  const headers = await bearer(page);
  const newest = await page.request.get('/api/insales/getallheaders/?rows=1', { headers });
  expect(newest.ok()).toBe(true);
  const [order] = (await newest.json()) as { SALESID: string }[];
  const docLines = await page.request.get(`/api/insales/getlinesbysalesid/${encodeURIComponent(order!.SALESID)}`, {
    headers,
  });
  const count = ((await docLines.json()) as unknown[]).length;
  await page.goto(`/sales/${encodeURIComponent(order!.SALESID)}`);
  await page.getByTestId('document-detail').getByTestId('reorder').click();
  await expect(page).toHaveURL(/\/quick-order\?reorder=order&id=/);
  await expect(page.getByTestId('qo-reorder')).toContainText('Volver a pedir el pedido');
  await expect(page.getByTestId('qo-line')).toHaveCount(count);
  await expect(page.getByTestId('qo-line-changes')).toHaveCount(count);
  await expectNoSeriousA11yViolations(page, 'reorder');
  await atThreeWidths(page, '261-quick-order-reorder');
  const addable = await page.locator('[data-testid="qo-line"]:not([data-status="notFound"])').count();
  expect(addable).toBeGreaterThan(0);
  await page.getByTestId('qo-add').click();
  await expect(page.getByTestId('qo-added')).toBeVisible();
  await page.getByTestId('qo-go-cart').click();
  await expect(page).toHaveURL(/\/my-cart$/);
  await expect(page.getByTestId('open-quick-order')).toBeVisible();
});
