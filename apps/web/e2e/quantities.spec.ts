import { expect, type Page, test } from '@playwright/test';
import { shot, signIn, WIDTHS } from './support';

/** A glass part the demo data always has (found by its EUROCODE). */
const REF = 'AGC.643-8994';

/** Types a quantity and leaves the field with Tab: the field shows the corrected quantity. */
async function typeAndLeave(field: ReturnType<Page['getByTestId']>, typed: string): Promise<void> {
  await field.fill(typed);
  await field.press('Tab');
  await expect(field).not.toBeFocused();
}

test('a quantity typed as 0, "abc", 2.5 or 100000 is corrected and the field says how (catalogue card and cart line)', async ({
  page,
}) => {
  await signIn(page, 'buyer', '/product-list?familia=28&eurocode=6435BCCV');
  const card = page.getByTestId('product-card').filter({ has: page.getByTestId('product-ref').getByText(REF) });
  const qty = card.getByTestId('quantity');
  const note = card.getByTestId('quantity-note');
  await expect(qty).toHaveValue('1');
  await expect(note).toBeHidden();

  await typeAndLeave(qty, '0');
  await expect(qty).toHaveValue('1');
  await expect(note).toHaveText('La cantidad mínima es 1: «0» se ha cambiado a 1.');
  await expect(qty).toHaveAccessibleDescription('La cantidad mínima es 1: «0» se ha cambiado a 1.');
  await typeAndLeave(qty, '4');
  await expect(note).toBeHidden();
  await typeAndLeave(qty, 'abc');
  await expect(qty).toHaveValue('4');
  await expect(note).toHaveText('«abc» no es una cantidad: se mantiene 4.');
  await typeAndLeave(qty, '2.5');
  await expect(qty).toHaveValue('3');
  await expect(note).toHaveText('Solo cantidades enteras: «2.5» se ha redondeado a 3.');
  await typeAndLeave(qty, '100000');
  await expect(qty).toHaveValue('9999');
  await expect(note).toHaveText('La cantidad máxima es 9999: «100000» se ha cambiado a 9999.');
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    await expect(note).toBeVisible();
    await shot(page, `78-catalog-quantity-corrected-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // Enter with 2,5 adds the corrected 3, and the note stays to say so.
  await qty.fill('2,5');
  await qty.press('Enter');
  await expect(page.getByText(`Añadido al carrito: ${REF} × 3`)).toBeVisible();
  await expect(note).toHaveText('Solo cantidades enteras: «2,5» se ha redondeado a 3.');

  await page.goto('/my-cart');
  const line = page.locator(`[data-testid="cart-line"][data-ref="${REF}"]`);
  const lineQty = line.getByTestId('line-qty');
  const lineNote = line.getByTestId('line-qty-note');
  await expect(lineQty).toHaveValue(/^\d+$/);
  const saved = Number(await lineQty.inputValue());
  await lineQty.fill('abc');
  await lineQty.press('Enter');
  await expect(lineQty).toHaveValue(String(saved));
  await expect(lineNote).toHaveText(`«abc» no es una cantidad: se mantiene ${saved}.`);
  await lineQty.fill('0');
  await lineQty.press('Enter');
  await expect(lineQty).toHaveValue('1');
  await expect(lineNote).toHaveText('La cantidad mínima es 1: «0» se ha cambiado a 1.');
  // At each width (the cart is a table when wide, a list when narrow), the same correction is said beside the field.
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    // The layout for this width is drawn before typing: a field typed into while the table gives way to the list
    // would be replaced, with its note, by a new one.
    const list = page.locator('ul[data-testid="cart-lines"]');
    if (width <= 979) await expect(list).toBeVisible();
    else await expect(list).toHaveCount(0);
    const shown = page.locator(`[data-testid="cart-line"][data-ref="${REF}"]`);
    await shown.getByTestId('line-qty').fill('0');
    await shown.getByTestId('line-qty').press('Enter');
    await expect(shown.getByTestId('line-qty-note')).toHaveText('La cantidad mínima es 1: «0» se ha cambiado a 1.');
    await shot(page, `79-cart-quantity-corrected-${width}`);
  }
  // The corrected quantity is what the cart saved: it is still there after a reload.
  await page.reload();
  await expect(page.locator(`[data-testid="cart-line"][data-ref="${REF}"]`).getByTestId('line-qty')).toHaveValue('1');
});
