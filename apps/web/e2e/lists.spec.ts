import { expect, test } from '@playwright/test';
import {
  atThreeWidths,
  clearCart,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  motionsDone,
  openList,
  signIn,
  windowShot,
} from './support';

/**
 * Lists (issue 26; decision 0080): the demo client's two lists (one locked by its client admin), a name taken, an
 * order from the locked list and of chosen lines, a quantity corrected, the cart saved as a new list, and a delete
 * after a confirmation.
 */
const OPEN = 'Pedido semanal taller';
const LOCKED = 'Revisión completa (fija)';
const SAVED = 'Del carrito (journey)';

test('a buyer orders from the client’s lists, and saves the cart as a list', async ({ page }) => {
  await signIn(page, 'buyer', '/lists');
  await clearCart(page);
  await page.reload();
  const cards = page.getByTestId('list-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: LOCKED })).toContainText('Bloqueada');
  // A plain user may not delete the locked list, only order or copy it.
  await expect(cards.filter({ hasText: LOCKED }).getByTestId('list-delete')).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: /Listas$/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'lists');
  await atThreeWidths(page, 'lists', async () => {
    await expect(cards.first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  // A name the client uses already (whatever its case) is refused, said under the field.
  await page.getByTestId('list-new-name').fill(OPEN.toUpperCase());
  await page.getByTestId('list-new-name').press('Enter');
  await expect(page.getByTestId('list-new-error')).toContainText('Ya hay una lista con ese nombre');

  // The locked list: no change offered, but it is ordered, at today's price and stock.
  await page.getByRole('link', { name: `Abrir ${LOCKED}` }).click();
  await expect(page.getByTestId('list-locked-note')).toBeVisible();
  await expect(page.getByTestId('list-line-qty')).toHaveCount(0);
  await expect(page.getByTestId('list-delete')).toHaveCount(0);
  await page.getByTestId('list-order-all').click();
  await expect(page.getByTestId('list-order-result')).toContainText('3 líneas añadidas al carrito');
  await expectNoSeriousA11yViolations(page, 'list-locked');
  await atThreeWidths(page, 'list-locked', async () => {
    await expect(page.getByTestId('list-line').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  // From the catalogue: the article's detail adds it to a list (the first one the buyer may change, by name).
  const ref = (await page.getByTestId('list-line').first().getByRole('link').textContent()) ?? '';
  await page.getByTestId('list-line').first().getByRole('link').click();
  await page.getByTestId('product-ref').first().click();
  await page.getByRole('dialog').getByTestId('add-to-list').click();
  const dialog = page.getByRole('dialog', { name: 'Añadir a una lista' });
  await expect(dialog.getByTestId('add-to-list-target')).toContainText(OPEN);
  await dialog.getByTestId('add-to-list-quantity').fill('2');
  await motionsDone(page);
  await expectNoSeriousA11yViolations(page, 'add to a list', '[data-testid="add-to-list-dialog"]');
  await page.setViewportSize({ width: 390, height: 844 });
  await windowShot(page, 'lists-add-from-catalogue-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByTestId('add-to-list-quantity').press('Enter');
  await expect(page.getByText(`Añadido a «${OPEN}».`)).toBeVisible();

  // The open list (with that article now): a quantity typed as "2,5" becomes 3 and says so; a chosen line is ordered.
  await page.goto('/lists');
  await page.getByRole('link', { name: `Abrir ${OPEN}` }).click();
  await expect(page.getByTestId('list-lines')).toContainText(ref);
  const qty = page.getByTestId('list-line-qty').first();
  await qty.fill('2,5');
  await qty.press('Enter');
  await expect(page.getByTestId('list-line-qty-note').first()).toBeVisible();
  await expect(qty).toHaveValue('3');
  await page.getByTestId('list-line-choose').first().check();
  await page.getByTestId('list-order-chosen').click();
  await expect(page.getByTestId('list-order-result')).toContainText('1 línea añadida al carrito');

  // The cart (four lines now) saved as a new list, then deleted after a confirmation.
  await page.getByTestId('list-go-cart').click();
  await page.getByTestId('add-to-list').click();
  await page.getByTestId('add-to-list-target').click();
  await (await openList(page)).locator('[title]').filter({ hasText: 'Una lista nueva' }).click();
  await page.getByTestId('add-to-list-name').fill(SAVED);
  await page.getByTestId('add-to-list-name').press('Enter');
  await expect(page.getByText(`Añadido a «${SAVED}».`)).toBeVisible();
  await page.goto('/lists');
  const saved = cards.filter({ hasText: SAVED });
  await expect(saved).toContainText('4 líneas');
  await saved.getByTestId('list-delete').click();
  await motionsDone(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(cards).toHaveCount(2);
});
