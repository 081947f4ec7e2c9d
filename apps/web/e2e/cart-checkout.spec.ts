import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { BRANDS } from '@portal/contract/brands';
import { PDFParse } from 'pdf-parse';
import {
  addToCart,
  atThreeWidths,
  bearer,
  clearCart,
  expectNoSeriousA11yViolations,
  openList,
  pickOption,
  topShot as shot,
  signIn,
  windowShot,
} from './support';

/** Two articles the seed stocks in several stores (the buyer's home store is Almacén Madrid Sur). */
const FIRST = 'BOS.159-1016';
const SECOND = 'BOS.159-2960';
const HOME_STORE = 'Almacén Madrid Sur';
const CARD = 'Tarjeta (pasarela segura)';
const CASH = 'Contado / contra reembolso';

/** "1.234,56 €" or "328,91 €" (any spaces) → integer cents. */
const centsOf = (text: string | null) => {
  const m = /(\d[\d.]*),(\d{2})\s*€/.exec((text ?? '').replace(/\s/g, ' '));
  expect(m, `an amount in "${text}"`).not.toBeNull();
  return Number(m![1]!.replace(/\./g, '')) * 100 + Number(m![2]);
};

/** Integer cents as the payment page writes them: "1316,93". */
const euros = (cents: number) => (cents / 100).toLocaleString('es-ES', { minimumFractionDigits: 2 });

/** The item count of the header cart badge (its accessible name is "Carrito (n)"). */
async function cartCount(page: Page): Promise<number> {
  const label = (await page.getByTestId('cart-button').getAttribute('aria-label')) ?? '';
  return Number(/\((\d+)\)/.exec(label)?.[1] ?? Number.NaN);
}

/** Opens an antd select and clicks the option with that title. */
async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await pickOption(page, option);
}

const line = (page: Page, ref: string) => page.locator(`[data-testid="cart-line"][data-ref="${ref}"]`);
const locationCard = (page: Page, name: string) =>
  page.getByTestId('checkout-location').filter({ has: page.getByTestId('location-name').getByText(name) });

async function searchAndAdd(page: Page, ref: string, quantity: number): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Buscar por referencia' });
  await dialog.getByLabel('Referencia').fill(ref);
  await dialog.getByLabel('Referencia').press('Enter');
  const row = dialog.getByTestId('ref-search-row').filter({ hasText: ref });
  await expect(row).toBeVisible();
  await row.getByLabel(`Cantidad de ${ref}`).fill(String(quantity));
  await row.getByRole('button', { name: `Añadir ${ref} al carrito` }).click();
  await expect(page.getByText(`Añadido al carrito: ${ref} × ${quantity}`)).toBeVisible();
}

test('a buyer checks out two stores, one cash and one card, pays on the sandbox page and downloads the receipt', async ({
  page,
}) => {
  // Nine more screenshots: the changed screens at 1440, 979 and 390 px.
  test.slow();
  await signIn(page, 'buyer');
  await clearCart(page);
  await page.goto('/my-cart');
  await expect(page.getByTestId('cart-empty')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ir al catálogo' })).toBeVisible();
  await expect(page.getByTestId('home-store')).toHaveText(`Su almacén habitual: ${HOME_STORE}`);
  await shot(page, '80-cart-empty');

  // Two articles through the search by reference of the cart.
  await page.getByTestId('open-ref-search').click();
  await searchAndAdd(page, FIRST, 2);
  await windowShot(page, '81-cart-reference-search');
  await searchAndAdd(page, SECOND, 1);
  await page
    .getByRole('dialog', { name: 'Buscar por referencia' })
    .getByRole('button', { name: 'Cerrar', exact: true })
    .click();
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect.poll(() => cartCount(page)).toBe(2);

  // The second line is served from another store, so the checkout has two locations.
  const firstStore = line(page, FIRST).getByTestId('line-store');
  await expect(firstStore).toContainText(HOME_STORE);
  const secondStore = line(page, SECOND).getByTestId('line-store');
  // Another store that has a message for the buyer's home store (the seed writes most of them).
  const messages = await page.request.get('/api/incheckout/getmessagesbyuser/', { headers: await bearer(page) });
  expect(messages.ok()).toBe(true);
  const toHome = (await messages.json()) as { origenNombre: string; mensaje: string }[];
  await secondStore.click();
  const storeOptions = (await openList(page)).locator('[title]');
  await expect(storeOptions.first()).toBeVisible();
  const titles = await storeOptions.evaluateAll((options) => options.map((o) => o.getAttribute('title') ?? ''));
  const other = titles.find((title) => title !== HOME_STORE && toHome.some((m) => m.origenNombre === title)) ?? '';
  expect(other).toMatch(/^Almacén /);
  const message = toHome.find((m) => m.origenNombre === other)?.mensaje ?? '';
  expect(message).toContain(`llegan a ${HOME_STORE}`);
  await storeOptions.and(page.getByTitle(other, { exact: true })).click();
  await expect(secondStore).toContainText(other);
  await expect(line(page, SECOND).locator('.stock-dot').first()).toBeVisible();

  // Quantity: saved on Enter, the totals follow.
  const netBefore = await page.getByTestId('total-net').textContent();
  await line(page, SECOND).getByTestId('line-qty').fill('3');
  await line(page, SECOND).getByTestId('line-qty').press('Enter');
  await expect(page.getByTestId('total-units')).toHaveText('5');
  await expect(page.getByTestId('total-net')).not.toHaveText(netBefore ?? '');
  // The chosen store's message to the buyer's home store.
  await expect(page.getByTestId('stock-messages')).toContainText(message);
  await shot(page, '82-cart-two-stores');

  await page.setViewportSize({ width: 900, height: 1000 });
  await expect(page.locator('ul[data-testid="cart-lines"]')).toBeVisible();
  await shot(page, '83-cart-900');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByTestId('cart-finish').click();
  await expect(page).toHaveURL(/\/my-cart\/checkout$/);
  await expect(page.getByTestId('checkout-location')).toHaveCount(2);
  const home = locationCard(page, HOME_STORE);
  const away = locationCard(page, other);
  await expect(home.getByTestId('location-items')).toContainText(FIRST);
  await expect(away.getByTestId('location-items')).toContainText(SECOND);
  await expect(away).toContainText('No es su almacén');

  // Location 1 pays cash, location 2 by card.
  await choose(page, home.getByLabel('Forma de pago'), CASH);
  await home.getByLabel('Su referencia').fill('OT-4711');
  await choose(page, away.getByLabel('Forma de pago'), CARD);
  await away.getByLabel('Su referencia').fill('OT-4712');
  await away.getByLabel('Observaciones').fill('Entregar por la mañana');
  await expect(page.getByTestId('checkout-finish')).toHaveText(/Finalizar y pagar con tarjeta/);
  // Base, VAT (the buyer's client is Spanish: 21 %) and total per store; the card charges the card store's total.
  await expect(away.getByText('IVA (21 %)')).toBeVisible();
  const base = centsOf(await away.getByTestId('location-base').textContent());
  const vat = centsOf(await away.getByTestId('location-vat').textContent());
  const total = centsOf(await away.getByTestId('location-total').textContent());
  expect(vat).toBe(Math.floor((base * 2100 + 5000) / 10000));
  expect(total).toBe(base + vat);
  await expect(page.getByTestId('checkout-total-vat')).toBeVisible();
  await shot(page, '84-checkout-two-locations');
  await atThreeWidths(page, '84-checkout-vat');
  await page.setViewportSize({ width: 900, height: 1000 });
  await shot(page, '85-checkout-900');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The other store is confirmed first, then the browser goes to the payment page.
  await page.getByTestId('checkout-finish').click();
  const confirm = page.getByRole('dialog', { name: 'Confirme los almacenes' });
  await expect(confirm.getByTestId('confirm-locations')).toHaveText(other);
  await windowShot(page, '86-checkout-confirm-location');
  await confirm.getByRole('button', { name: 'Sí, servir desde estos almacenes' }).click();
  await expect(page).toHaveURL(/\/sandbox\/redsys\/realizarPago/);
  await expect(page.getByRole('button', { name: 'Autorizar pago' })).toBeVisible();
  // The payment page asks for the total with VAT shown at checkout, and says base, VAT and total.
  expect(centsOf(await page.getByTestId('amount').textContent())).toBe(total);
  await expect(page.getByTestId('description')).toContainText(
    `base ${euros(base)}, IVA ${euros(vat)}, total ${euros(total)} EUR`,
  );
  await shot(page, '87-sandbox-payment-page');
  await atThreeWidths(page, '87-sandbox-vat');
  await page.getByRole('button', { name: 'Autorizar pago' }).click();

  // Back with matching ids: payment OK, finished by itself, then the receipt page.
  await expect(page).toHaveURL(/\/my-cart\/checkoutresult\/[0-9A-Za-z]+\/\d+$/);
  const [, tarjetaId, cartId] = /checkoutresult\/([^/]+)\/(\d+)$/.exec(page.url()) ?? [];
  expect(tarjetaId).not.toBe('0');
  const result = page.getByTestId('checkout-result');
  await expect(result.getByText('Pedido realizado correctamente')).toBeVisible();
  await expect(result.getByTestId('result-orders')).toHaveText(/^Pedidos web: #\d+, #\d+$/);
  await expect(result.getByTestId('result-table').locator('tbody').getByRole('row')).toHaveCount(2);
  await expect(result.getByTestId('result-table')).toContainText(HOME_STORE);
  await expect(result.getByTestId('result-table')).toContainText(other);
  await expect.poll(() => cartCount(page)).toBe(0);
  await expect(result.getByTestId('result-total-vat')).toBeVisible();
  // The card's return address (the receipt) read as a screen reader would.
  await expectNoSeriousA11yViolations(page, 'checkout result after the card payment');
  await shot(page, '88-checkout-result');
  await atThreeWidths(page, '88-checkout-result-vat');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const parser = new PDFParse({ data: readFileSync(await download.path()) });
  const { text } = await parser.getText();
  await parser.destroy();
  expect(text).toContain(BRANDS[0].company.legalName);
  expect(text).toContain('no tiene validez fiscal');
  expect(text).toContain(FIRST);
  expect(text).toContain(SECOND);
  expect(text).toContain('IVA 21 %');
  expect(text).toContain('Total (IVA incluido)');

  // The header of that cart says it is finished; the cart is empty.
  const header = await page.request.get(`/api/incheckout/getLocationsPerCartIdFull?lang=es&salesid=${cartId}`, {
    headers: await bearer(page),
  });
  expect((await header.json()).finished).toBe(true);
  await page.setViewportSize({ width: 900, height: 1000 });
  await shot(page, '89-checkout-result-900');
  await page.goto('/my-cart');
  await expect(page.getByTestId('cart-empty')).toBeVisible();
  expect(await cartCount(page)).toBe(0);
});

test('a denied card payment keeps the cart and says so', async ({ page }) => {
  await signIn(page, 'buyer');
  await clearCart(page);
  await addToCart(page, FIRST, 1);
  await page.goto('/my-cart');
  await expect(line(page, FIRST)).toBeVisible();
  await page.getByTestId('cart-finish').click();
  await expect(page).toHaveURL(/\/my-cart\/checkout$/);
  const home = locationCard(page, HOME_STORE);
  // What the rules refuse empty is marked required, for the eye and for screen readers (issue 25).
  for (const label of ['Su referencia', 'Forma de pago', 'Modo de entrega']) {
    await expect(home.getByLabel(label)).toHaveAttribute('aria-required', 'true');
  }
  // Marked required: the form says so to assistive technology on the field itself.
  await expect(home.getByLabel('Su referencia')).toHaveAttribute('aria-required', 'true');
  await choose(page, home.getByLabel('Forma de pago'), CARD);
  await home.getByLabel('Su referencia').fill('OT-DENY');
  await page.getByTestId('checkout-finish').click();
  await expect(page).toHaveURL(/\/sandbox\/redsys\/realizarPago/);
  await page.getByRole('button', { name: 'Denegar pago' }).click();

  await expect(page).toHaveURL(/\/my-cart\?payment=ko$/);
  await expect(page.getByTestId('payment-ko')).toContainText('Pago con tarjeta denegado');
  await expect(page.getByTestId('payment-ko')).toContainText('su carrito se conserva');
  await expect(line(page, FIRST)).toBeVisible();
  await expect.poll(() => cartCount(page)).toBe(1);
  await shot(page, '90-cart-payment-denied');
  await page.setViewportSize({ width: 900, height: 1000 });
  await shot(page, '91-cart-payment-denied-900');
});

test('a reference of four characters in the cart search shows WARN_REFCodeShort and is not searched', async ({
  page,
}) => {
  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('searchbyreference')) searches.push(request.url());
  });
  await signIn(page, 'buyer');
  await clearCart(page);
  await page.goto('/my-cart');
  await page.getByTestId('open-ref-search').click();
  const dialog = page.getByRole('dialog', { name: 'Buscar por referencia' });
  await dialog.getByLabel('Referencia').fill('AB-CD');
  await dialog.getByLabel('Referencia').press('Enter');
  await expect(dialog.getByTestId('ref-search-warning')).toHaveText('La referencia debe tener al menos 5 caracteres.');
  await expect(dialog.getByLabel('Referencia')).toHaveAttribute('aria-invalid', 'true');
  await windowShot(page, '92-cart-reference-short');
  await expectNoSeriousA11yViolations(page, 'reference search dialog', '[role="dialog"]');
  expect(searches).toEqual([]);

  // Five characters (ignoring the dot) search, in pages of 8.
  await dialog.getByLabel('Referencia').fill('BOS.15');
  await dialog.getByRole('button', { name: 'Buscar' }).click();
  await expect(dialog.getByTestId('ref-search-warning')).toBeHidden();
  await expect(dialog.getByTestId('ref-search-row')).toHaveCount(8);
  expect(searches.at(-1)).toMatch(/searchbyreference=BOS\.15&pageSize=8&pageIndex=0/);
  const firstOfPage1 = await dialog.getByTestId('ref-search-row').first().textContent();
  await dialog.getByTestId('ref-search-pager').getByTitle('2', { exact: true }).click();
  await expect(dialog.getByTestId('ref-search-row').first()).not.toHaveText(firstOfPage1 ?? '');
  expect(searches.at(-1)).toMatch(/pageIndex=1/);
  await page.setViewportSize({ width: 900, height: 1000 });
  await windowShot(page, '93-cart-reference-search-900');
});

test('the checkout rules show inline as the user types; a double click finishes a cash order once', async ({
  page,
}) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (/preparecheckout|finishcheckout/i.test(request.url())) sent.push(new URL(request.url()).pathname);
  });
  await signIn(page, 'buyer');
  await clearCart(page);
  await addToCart(page, FIRST, 1);
  await page.goto('/my-cart/checkout');
  const home = locationCard(page, HOME_STORE);
  await expect(home).toBeVisible();
  const custRef = home.getByLabel('Su referencia');
  const required = home.getByText('La referencia de cliente es obligatoria.', { exact: true });

  // An empty customer reference: the rule's text shows under the field as soon as it is emptied.
  await custRef.fill('OT-1');
  await expect(required).toHaveCount(0);
  await custRef.fill('');
  await expect(required).toBeVisible();
  await expect(custRef).toHaveAttribute('aria-invalid', 'true');

  // Finishing is refused in the browser: the field takes the focus, nothing is sent.
  await page
    .getByTestId('checkout-location')
    .first()
    .click({ position: { x: 5, y: 5 } });
  await page.getByTestId('checkout-finish').click();
  await expect(custRef).toBeFocused();
  await expect(page.getByText('Revise los campos marcados antes de finalizar.')).toBeVisible();
  expect(sent).toEqual([]);
  await shot(page, '94-checkout-rules');

  // Updated as the user types.
  await custRef.fill('OT/15');
  await expect(
    home.getByText('La referencia de cliente solo puede contener letras, números, espacios y guiones.'),
  ).toBeVisible();
  await custRef.fill('OT-15');
  await expect(home.getByText(/La referencia de cliente/)).toHaveCount(0);

  // The alternative address has its own rules; only carriers deliver there: the own route's mode is replaced, and
  // the screen says so (issue 25).
  const mode = home.getByTestId('dlvmode-select');
  await expect(mode).toContainText('Reparto en ruta propia');
  await home.getByText('Entregar en una dirección alternativa').click();
  await expect(home.getByTestId('alternative-address')).toBeVisible();
  await expect(home.getByTestId('dlvmode-note')).toContainText(
    '«Reparto en ruta propia» no entrega en una dirección alternativa',
  );
  await expect(mode).not.toContainText('Reparto en ruta propia');
  await page.getByTestId('checkout-finish').click();
  await expect(home.getByText('El nombre del destinatario de la dirección alternativa es obligatorio.')).toBeVisible();
  await expect(home.getByText('La población de la dirección alternativa es obligatoria.')).toBeVisible();
  await expect(home.getByText('Seleccione el país de la dirección alternativa.')).toBeVisible();
  await home.getByLabel('Población').fill('Soria;');
  await expect(home.getByText('La población solo puede contener letras, números, espacios y guiones.')).toBeVisible();
  await atThreeWidths(page, '95-checkout-alternative-address-rules');
  await page.setViewportSize({ width: 900, height: 1000 });
  await shot(page, '96-checkout-rules-900');
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(sent).toEqual([]);

  // Back to the address list, cash: the mode the alternative address replaced comes back, said; a double click
  // sends one preparecheckout and one finishcheckout.
  await home.getByText('Entregar en una dirección alternativa').click();
  await expect(home.getByTestId('dlvmode-note')).toHaveText(
    'Sin la dirección alternativa, el modo de entrega vuelve a ser «Reparto en ruta propia».',
  );
  await expect(mode).toContainText('Reparto en ruta propia');
  await choose(page, home.getByLabel('Forma de pago'), CASH);
  await page.getByTestId('checkout-finish').dblclick();
  await expect(page).toHaveURL(/\/product-list\/?$/);
  await expect(page.getByText('Pedido realizado correctamente.')).toBeVisible();
  await expect.poll(() => cartCount(page)).toBe(0);
  expect(sent.map((p) => p.toLowerCase().replace(/\/$/, ''))).toEqual([
    '/api/incheckout/preparecheckout',
    '/api/incheckout/finishcheckout',
  ]);
});

test('Su referencia stops at 30 characters; a remark with a comma and a colon names them and removes them in one click; the card heading shows its total with VAT', async ({
  page,
}) => {
  await signIn(page, 'buyer');
  await clearCart(page);
  await addToCart(page, FIRST, 2);
  await page.goto('/my-cart/checkout');
  const home = locationCard(page, HOME_STORE);
  await expect(home).toBeVisible();

  // The heading says what the store costs with VAT: the total of the amounts under it (decision 0019).
  const headingTotal = home.getByTestId('location-heading-total');
  await expect(headingTotal).toContainText('Total con IVA');
  expect(centsOf(await headingTotal.textContent())).toBe(
    centsOf(await home.getByTestId('location-total').textContent()),
  );
  expect(centsOf(await headingTotal.textContent())).toBeGreaterThan(
    centsOf(await home.getByTestId('location-base').textContent()),
  );

  // Typed key by key, a 37-character reference stops at 30, as the counter says.
  const custRef = home.getByLabel('Su referencia');
  await custRef.pressSequentially('PEDIDO-TALLER-NORTE-2026-0001-URGENTE');
  await expect(custRef).toHaveValue('PEDIDO-TALLER-NORTE-2026-0001-');
  await expect(home.getByText('30 / 30', { exact: true })).toBeVisible();

  // Emptied, it says only that it is required (the too-long case has its own text, checked by the API tests).
  await custRef.fill('');
  await expect(home.getByText('La referencia de cliente es obligatoria.', { exact: true })).toBeVisible();
  await custRef.fill('OT-4711');
  await expect(home.getByText(/La referencia de cliente/)).toHaveCount(0);

  // A comma and a colon in the remark: the remark (only) names them and offers to remove them.
  const remark = home.getByLabel('Observaciones');
  await remark.fill('Entregar por la tarde, muelle: 3');
  const remarkIssue = home.getByTestId('issue-loc-0-web_obs');
  await expect(remarkIssue).toContainText(
    'Las observaciones solo pueden contener letras, números, espacios y guiones.',
  );
  await expect(home.getByTestId('refused-loc-0-web_obs')).toHaveText('No se permiten: , :');
  await expect(home.getByTestId('issue-loc-0-cust_ref')).toHaveCount(0);
  await expect(remark).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page, 'checkout with a refused remark');
  await atThreeWidths(page, '97-checkout-remark-refused', () => expect(remarkIssue).toBeVisible());

  await home.getByRole('button', { name: 'Quitar caracteres no permitidos' }).click();
  await expect(remark).toHaveValue('Entregar por la tarde muelle 3');
  await expect(remarkIssue).toHaveCount(0);
  await expect(home.getByRole('button', { name: 'Quitar caracteres no permitidos' })).toHaveCount(0);

  // The same on the reference.
  await custRef.fill('OT:47,11');
  await expect(home.getByTestId('refused-loc-0-cust_ref')).toHaveText('No se permiten: : ,');
  await home.getByRole('button', { name: 'Quitar caracteres no permitidos' }).click();
  await expect(custRef).toHaveValue('OT4711');
  await expect(home.getByTestId('issue-loc-0-cust_ref')).toHaveCount(0);
  await choose(page, home.getByLabel('Forma de pago'), CASH);
  await expectNoSeriousA11yViolations(page, 'checkout');
  await atThreeWidths(page, '98-checkout-fields-fixed');
});
