import { expect, type Page, test } from '@playwright/test';
import { atThreeWidths, chooseOption, expectNoSeriousA11yViolations, motionsDone, signIn, windowShot } from './support';

/**
 * Commercial rules (issue 16): stock messages between stores. The demo seed makes certain that Valladolid →
 * Málaga has no message and Valladolid → Madrid has one (apps/server/src/db/seed/rules.ts).
 */

const rows = (page: Page) => page.getByTestId('stock-message-row');
const MESSAGE = 'Los pedidos de Valladolid a Málaga llegan en 72 h laborables.';

test('admin adds a stock message and sees the duplicate refused', async ({ page }) => {
  await signIn(page, 'admin', '/setting/stockmessages');
  await expect(rows(page).first()).toBeVisible();

  // Only the messages of Valladolid, as origin or destination; the filter stays in the URL.
  await chooseOption(page, 'stock-message-store-filter', 'Almacén Valladolid');
  await expect(page).toHaveURL(/ubicacion=VLL01/);
  await expect(rows(page).filter({ hasText: 'Almacén Madrid Sur' }).first()).toBeVisible();
  for (const row of await rows(page).all()) await expect(row).toContainText('Almacén Valladolid');
  await atThreeWidths(page, 'rules-stock-messages', async () => {
    await expect(rows(page).filter({ hasText: 'Almacén Madrid Sur' }).first()).toBeVisible();
  });
  await expectNoSeriousA11yViolations(page, 'stock messages');

  // The popup form: the origin is the store shown; the same store twice is refused before any call.
  await page.getByTestId('stock-message-new').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('stock-message-origin')).toContainText('Almacén Valladolid');
  await chooseOption(page, 'stock-message-destination', 'Almacén Valladolid (VLL01)');
  await dialog.getByTestId('stock-message-text').fill(MESSAGE);
  await dialog.getByTestId('stock-message-save').click();
  await expect(dialog).toContainText('El almacén de destino debe ser distinto del de origen.');
  await expectNoSeriousA11yViolations(page, 'stock message dialog', '[role="dialog"]');
  await chooseOption(page, 'stock-message-destination', 'Almacén Málaga (AGP01)');
  const added = page.waitForResponse((r) => r.url().includes('/addnewmessage') && r.status() === 200);
  await dialog.getByTestId('stock-message-save').click();
  await added;
  await expect(page.getByRole('alert').filter({ hasText: 'Guardado correctamente.' }).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rows(page).filter({ hasText: MESSAGE })).toContainText('Almacén Málaga');

  // The same pair again: the server refuses it and the popup says so (WARN_MessageDuplicated).
  await page.getByTestId('stock-message-new').click();
  await chooseOption(page, 'stock-message-destination', 'Almacén Málaga (AGP01)');
  await dialog.getByTestId('stock-message-text').fill('Otro texto para el mismo par');
  const refused = page.waitForResponse((r) => r.url().includes('/addnewmessage') && r.status() === 409);
  await dialog.getByTestId('stock-message-save').click();
  await refused;
  await expect(dialog.getByTestId('stock-message-duplicate')).toHaveText('Ya existe un mensaje para esos almacenes.');
  await motionsDone(page);
  for (const [width, height] of [
    [1440, 900],
    [979, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(dialog.getByTestId('stock-message-duplicate')).toBeVisible();
    await windowShot(page, `rules-stock-message-duplicate-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows(page).filter({ hasText: MESSAGE })).toHaveCount(1);

  // The detail route: moving it onto Valladolid → Madrid, which has a message, is refused ("Mensaje de Error").
  await rows(page).filter({ hasText: MESSAGE }).getByTestId('stock-message-edit').click();
  await expect(page).toHaveURL(/\/setting\/stockmessages\/\d+$/);
  const form = page.getByTestId('stock-message-form');
  await expect(form.getByTestId('stock-message-text')).toHaveValue(MESSAGE);
  await chooseOption(page, 'stock-message-destination', 'Almacén Madrid Sur (MAD01)');
  const taken = page.waitForResponse((r) => r.url().includes('/updatemessage') && r.status() === 409);
  await form.getByTestId('stock-message-save').click();
  await taken;
  // An error dialog: the dialog with the error's icon.
  const error = page.getByRole('dialog').filter({ has: page.locator('.anticon-close-circle') });
  await expect(error).toContainText('Mensaje de Error');
  await expect(error).toContainText('Ya existe mensaje para esos almacenes');
  await error.getByRole('button').click();
  await expect(error).toBeHidden();

  // Back to Málaga, deactivated: saved.
  await chooseOption(page, 'stock-message-destination', 'Almacén Málaga (AGP01)');
  await form.getByTestId('stock-message-active').click();
  await expect(form.getByTestId('stock-message-active')).toHaveAttribute('aria-checked', 'false');
  const updated = page.waitForResponse((r) => r.url().includes('/updatemessage') && r.status() === 200);
  await form.getByTestId('stock-message-save').click();
  await updated;
  await expect(page.getByRole('alert').filter({ hasText: 'Guardado correctamente.' }).first()).toBeVisible();
  await atThreeWidths(page, 'rules-stock-message-detail', async () => {
    await expect(form.getByTestId('stock-message-text')).toBeVisible();
  });

  // Deleting asks first; cancelling keeps it, confirming removes it.
  await page.getByTestId('stock-message-back').click();
  await expect(page).toHaveURL(/\/setting\/stockmessages$/);
  await chooseOption(page, 'stock-message-store-filter', 'Almacén Valladolid');
  const row = rows(page).filter({ hasText: MESSAGE });
  await expect(row).toContainText('Inactivo');
  await row.getByTestId('stock-message-delete').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
  await expect(row).toHaveCount(1);
  await row.getByTestId('stock-message-delete').click();
  const deleted = page.waitForResponse((r) => r.url().includes('/deletefromstockmessages/') && r.status() === 200);
  await page.getByTestId('confirm-delete').click();
  await deleted;
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: 'Eliminado correctamente.' }).first()).toBeVisible();
});

test('admin creates a payment method with a surcharge for one client', async ({ page }) => {
  await signIn(page, 'admin', '/setting/paymentmethod');
  const grid = page.getByTestId('payment-methods-grid');
  await expect(grid.getByTestId('payment-method-edit').first()).toBeVisible();
  await expect(grid).toContainText('Tarjeta con recargo');
  await atThreeWidths(page, 'rules-payment-methods', async () => {
    await expect(grid.getByTestId('payment-method-edit').first()).toBeVisible();
  });
  await expectNoSeriousA11yViolations(page, 'payment methods');

  // A new method offered to C00002 alone: a card surcharge; 25 % is refused by the shared rule before any call.
  await page.goto('/setting/paymentmethod/new?c_id=C00002');
  const form = page.getByTestId('payment-method-form');
  await expect(form).toContainText('Forma de pago ofrecida solo al cliente C00002');
  await form.getByTestId('payment-method-name').fill('Tarjeta C00002');
  await chooseOption(page, 'payment-method-form-cod', 'Tarjeta');
  await chooseOption(page, 'payment-method-channel', 'Tarjeta (TPV)');
  await chooseOption(page, 'payment-method-calc', 'Recargo');
  await form.getByTestId('payment-method-percent').fill('25');
  await form.getByTestId('payment-method-save').click();
  await expect(form).toContainText('El porcentaje debe estar entre 0 y 20, con dos decimales como máximo.');
  await form.getByTestId('payment-method-percent').fill('1,5');
  const saved = page.waitForResponse((r) => r.url().includes('/putpaymentmethod') && r.status() === 200);
  await form.getByTestId('payment-method-save').click();
  const { Id_Tarjeta: id } = (await (await saved).json()) as { Id_Tarjeta: number };
  await expect(page).toHaveURL(new RegExp(`/setting/paymentmethod/${id}$`));
  await expect(page.getByRole('alert').filter({ hasText: 'Guardado correctamente.' }).first()).toBeVisible();
  await expect(form.getByTestId('payment-method-percent')).toHaveValue('1,5');
  await atThreeWidths(page, 'rules-payment-method-detail', async () => {
    await expect(form.getByTestId('payment-method-name')).toHaveValue('Tarjeta C00002');
  });

  // Back in the grid, filtered by the client: the new method and what it computes.
  await page.getByTestId('payment-method-back').click();
  await expect(page).toHaveURL(/\/setting\/paymentmethod$/);
  await expect(grid.getByRole('row').filter({ hasText: 'Tarjeta C00002' })).toContainText('Recargo 1,5 %');
});
