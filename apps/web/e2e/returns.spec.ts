import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import {
  atThreeWidths,
  expectNoSeriousA11yViolations,
  motionsDone,
  openList,
  signIn,
  topShot,
  windowShot,
} from './support';

/**
 * Returns (issue 13), on the demo data of decision 0028: `buyer`'s packing slip ALBDV00001 delivered 3 days ago
 * (line 1: 4 units, line 2: 2 units, line 3: 1 unit already asked by a pending refund). The journeys run in order
 * on one server: buyer asks, admin decides and the ERP processes, buyer gets the credit note, buyer2 is kept out.
 */
test.describe.configure({ mode: 'serial' });

const SLIP = 'ALBDV00001';
let refundId = 0;

/** A line of the document: a table row, or on a phone a card (decision 0070); both carry the line number. */
const lineRow = (page: Page, line: number) => page.locator(`[data-testid="document-line"][data-line="${line}"]`);

async function returnLine(page: Page, line: number, reason: string, quantity: number, available: RegExp) {
  await lineRow(page, line)
    .getByRole('button', { name: `Devolver la línea ${line}` })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('refund-returnable')).toContainText(available);
  await expect(dialog.getByTestId('refund-returnable')).toContainText('Plazo de devolución hasta el');
  await dialog.getByRole('combobox').click();
  await (await openList(page)).getByTitle(reason, { exact: true }).click();
  await dialog.getByRole('spinbutton').fill(String(quantity));
  return dialog;
}

test('buyer returns two units of a packing slip line with a photo and follows it', async ({ page }) => {
  await signIn(page, 'buyer', `/packingslip/${SLIP}`);
  // The line already wholly asked has no button; the others have one.
  await expect(lineRow(page, 3)).toContainText('Ya devuelta por completo');
  await expect(lineRow(page, 3).getByRole('button', { name: /Devolver/ })).toHaveCount(0);
  await expect(lineRow(page, 1).getByRole('button', { name: 'Devolver la línea 1' })).toBeVisible();
  // At every width the button is on screen: beside the table's sideways scroller, or on a phone's line card.
  await atThreeWidths(page, 'returns-1-packing-slip', async () => {
    // The line's first cell (the card's head on a phone) brought on screen (the scroller stays at its start), then
    // the button must be too.
    await lineRow(page, 1).locator('td, .line-card-head').first().scrollIntoViewIfNeeded();
    await expect(lineRow(page, 1).getByRole('button', { name: 'Devolver la línea 1' })).toBeInViewport({ ratio: 1 });
    await windowShot(page, `returns-1-lines-${page.viewportSize()?.width}`);
  });

  const dialog = await returnLine(page, 1, 'Defecto de fabricación', 5, /hasta 4 de 4 unidades/);
  await dialog.getByRole('button', { name: 'Añadir a devoluciones' }).click();
  await expect(dialog.getByText('La cantidad supera lo que aún se puede devolver de la línea')).toBeVisible();
  await dialog.getByRole('spinbutton').fill('2');
  await motionsDone(page);
  await windowShot(page, 'returns-2-dialog');
  await expectNoSeriousA11yViolations(page, 'return dialog', '[role="dialog"]');
  const added = page.waitForResponse((r) => r.url().includes('/api/inpackingslip/refund') && r.status() === 200);
  await dialog.getByRole('button', { name: 'Añadir a devoluciones' }).click();
  await added;
  await expect(dialog).toBeHidden();
  // A second line, to be rejected by the store.
  const second = await returnLine(page, 2, 'Pedida por error', 1, /hasta 2 de 2 unidades/);
  const addedSecond = page.waitForResponse((r) => r.url().includes('/api/inpackingslip/refund') && r.status() === 200);
  await second.getByRole('button', { name: 'Añadir a devoluciones' }).click();
  await addedSecond;

  await page.goto('/myrefundscart');
  const cards = page.locator('.refund-cart-line');
  await expect(cards).toHaveCount(2);
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#9c4a2f' } })
    .jpeg()
    .toBuffer();
  const uploaded = page.waitForResponse(
    (r) => r.url().includes('/api/inrefund/AddFilesToRefund') && r.status() === 200,
  );
  await cards
    .first()
    .locator('input[type=file]')
    .setInputFiles({ name: 'pieza-golpeada.jpg', mimeType: 'image/jpeg', buffer: photo });
  await uploaded;
  await expect(cards.first().locator('img.refund-file-thumb')).toBeVisible();
  await expect(cards.first().locator('.refund-files').getByText('pieza-golpeada.jpg')).toBeVisible();
  // Once stored, the file is its card only: the drop area no longer lists it as well.
  await expect(cards.first().getByText('pieza-golpeada.jpg')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, 'refunds-cart');
  await atThreeWidths(page, 'returns-3-cart', async () => {
    await expect(cards.first().locator('img.refund-file-thumb')).toBeVisible();
  });

  await page.getByTestId('refund-finish').click();
  const finish = page.getByRole('dialog', { name: 'Finalizar la devolución' });
  await finish.getByTestId('refund-observations').fill('Golpe; caja rota');
  await finish.getByRole('button', { name: 'Finalizar' }).click();
  await expect(finish.getByText('Las observaciones solo admiten letras, números, espacios y guiones')).toBeVisible();
  await finish.getByTestId('refund-observations').fill('Golpe en la caja');
  await motionsDone(page);
  await windowShot(page, 'returns-4-finish');
  await finish.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page).toHaveURL(/\/allrefunds\/\d+$/);
  refundId = Number(new URL(page.url()).pathname.split('/').pop());
  const detail = page.getByTestId('refund-detail');
  await expect(detail.getByTestId('refund-timeline')).toContainText('Solicitada');
  await expect(detail.getByText('pieza-golpeada.jpg')).toBeVisible();
  await expect(page.getByTestId('refunds-grid')).toContainText('Golpe en la caja');
  await atThreeWidths(page, 'returns-5-refunds', async () => {
    await expect(detail.getByTestId('refund-timeline')).toBeVisible();
  });
});

test('admin receives it, rejects a line with a reason, and the ERP processes it', async ({ page }) => {
  expect(refundId).toBeGreaterThan(0);
  await signIn(page, 'admin', `/allrefunds/${refundId}`);
  const detail = page.getByTestId('refund-detail');
  await expect(detail.getByTestId('refund-staff')).toBeVisible();
  await detail.getByRole('button', { name: 'Marcar recibida' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /OK|Aceptar/ })
    .click();
  await expect(detail.getByTestId('refund-timeline')).toContainText('Recibida en el almacén');

  const lines = detail.locator('.refund-line');
  await lines.nth(1).getByRole('button', { name: 'Rechazar' }).click();
  const reject = page.getByRole('dialog', { name: /Rechazar la línea/ });
  await reject.getByRole('button', { name: 'Rechazar' }).click();
  await expect(reject.getByText('Escriba el motivo del rechazo')).toBeVisible();
  await reject.getByTestId('refund-reject-reason').fill('Pedida por error: no se admite sin embalaje original');
  await reject.getByRole('button', { name: 'Rechazar' }).click();
  await expect(lines.nth(1)).toContainText('Rechazada: Pedida por error');
  await lines.nth(0).getByRole('button', { name: 'Aceptar' }).click();
  await expect(lines.nth(0)).toContainText('Aceptada');
  await detail.getByRole('textbox', { name: 'Notas internas' }).fill('Embalaje revisado por almacén');
  await detail.getByRole('button', { name: 'Añadir nota' }).click();
  await expect(detail.getByText('Embalaje revisado por almacén')).toBeVisible();
  await atThreeWidths(page, 'returns-6-admin-decided');

  await detail.getByRole('button', { name: 'Enviar al ERP ahora' }).click();
  await expect(detail.getByTestId('refund-stage')).toHaveText('Tramitada con abono');
  await expect(detail.getByTestId('refund-timeline')).toContainText('Tramitada con el abono');
  await topShot(page, 'returns-7-admin-processed');
});

test('buyer sees the decision, the timeline and downloads the credit note', async ({ page }) => {
  await signIn(page, 'buyer', `/allrefunds/${refundId}`);
  const detail = page.getByTestId('refund-detail');
  await expect(detail.getByTestId('refund-status')).toHaveText('Tramitada');
  await expect(detail).toContainText('Rechazada: Pedida por error');
  await expect(detail).not.toContainText('Embalaje revisado por almacén');
  const timeline = detail.getByTestId('refund-timeline');
  for (const step of ['Solicitada', 'Recibida en el almacén', 'rechazada', 'aceptada', 'Tramitada con el abono'])
    await expect(timeline).toContainText(step);
  const download = page.waitForEvent('download');
  await detail.getByRole('button', { name: /Descargar abono/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^abono-AB\d+\.pdf$/);
  expect(
    readFileSync((await file.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await atThreeWidths(page, 'returns-8-buyer-credit-note', async () => {
    await expect(timeline).toBeVisible();
  });
});

test('buyer2 cannot open buyer’s refund by its URL', async ({ page }) => {
  await signIn(page, 'buyer2', `/allrefunds/${refundId}`);
  await expect(page.getByText(`La devolución ${refundId} no existe.`)).toBeVisible();
  await expect(page.getByTestId('refund-detail')).toHaveCount(0);
  await topShot(page, 'returns-9-buyer2-not-found');
});
