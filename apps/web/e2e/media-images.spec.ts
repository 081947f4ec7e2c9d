import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { atThreeWidths, expectNoSeriousA11yViolations, motionsDone, openList, signIn, windowShot } from './support';

/** Two pictures drawn for the journey: a JPEG and a PNG, each with a word on it. */
async function picture(word: string, colour: string, format: 'jpeg' | 'png'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="${colour}"/><text x="400" y="320" font-size="90" font-family="DejaVu Sans" fill="#fff" text-anchor="middle">${word}</text></svg>`;
  const drawn = sharp(Buffer.from(svg));
  return format === 'jpeg' ? drawn.jpeg().toBuffer() : drawn.png().toBuffer();
}

const tile = (page: Page, name: string) => page.getByTestId('image-tile').filter({ hasText: name });
const tileNames = (page: Page) => page.getByTestId('image-tile').locator('.image-grid__name').allTextContents();

async function totalImages(page: Page): Promise<number> {
  const text = (await page.getByTestId('images-total').textContent()) ?? '';
  return Number(/\d+/.exec(text.replace(/\./g, ''))?.[0]);
}

test('an administrator uploads two images and sees them first, renames one, deletes one, pages and picks one', async ({
  page,
}) => {
  await signIn(page, 'admin', '/file/image');
  await expect(page.getByTestId('image-tile')).toHaveCount(15);
  await expect(page.getByTestId('images-previous')).toBeDisabled();
  await expect(page.getByTestId('images-next')).toBeEnabled();
  await expect(page.getByTestId('images-page')).toHaveText('Página 1 de 2');
  await expectNoSeriousA11yViolations(page, 'file-image');
  await atThreeWidths(page, '130-file-image', async () => {
    await expect(page.getByTestId('image-drop')).toBeVisible();
  });
  const before = await totalImages(page);

  // Two images at once: both answered and put first, marked new.
  const uploaded = page.waitForResponse((r) => r.url().includes('/api/inimage/upload') && r.status() === 200);
  await page
    .getByTestId('image-drop')
    .locator('input[type=file]')
    .setInputFiles([
      { name: 'E2E rojo.jpg', mimeType: 'image/jpeg', buffer: await picture('Rojo', '#b91c1c', 'jpeg') },
      { name: 'E2E azul.png', mimeType: 'image/png', buffer: await picture('Azul', '#1d4ed8', 'png') },
    ]);
  await uploaded;
  await expect(page.getByText('2 imágenes subidas')).toBeVisible();
  await expect(tile(page, 'E2E rojo')).toBeVisible();
  await expect(tile(page, 'E2E azul')).toBeVisible();
  expect((await tileNames(page)).slice(0, 2).sort()).toEqual(['E2E azul', 'E2E rojo']);
  await expect(tile(page, 'E2E rojo').getByText('Nueva')).toBeVisible();
  await expect(page.getByTestId('images-total')).toHaveText(`${before + 2} imágenes`);
  await motionsDone(page);
  await atThreeWidths(page, '131-file-image-uploaded');

  // Rename: the contract's rule next to the field, then saved.
  await tile(page, 'E2E rojo').getByTestId('edit-image').click();
  const dialog = page.getByRole('dialog', { name: 'Editar la imagen' });
  await dialog.getByTestId('image-name').fill('   ');
  await dialog.getByTestId('save-image').click();
  await expect(dialog.getByText('Escriba el nombre de la imagen.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'image edit dialog', '[role="dialog"]');
  await motionsDone(page);
  await windowShot(page, '132-file-image-rename-error');
  await dialog.getByTestId('image-name').fill('E2E rojo renombrada');
  await dialog.getByTestId('image-description').fill('Foto roja de la prueba');
  await dialog.getByTestId('save-image').click();
  await expect(dialog).toBeHidden();
  await expect(tile(page, 'E2E rojo renombrada')).toBeVisible();
  await expect(tile(page, 'E2E rojo renombrada').locator('img')).toHaveAttribute('alt', 'Foto roja de la prueba');

  // Delete after confirming.
  await tile(page, 'E2E azul').getByTestId('delete-image').click();
  const confirm = page.getByRole('dialog').filter({ hasText: '¿Eliminar la imagen «E2E azul»?' });
  await expect(confirm).toBeVisible();
  await motionsDone(page);
  await windowShot(page, '133-file-image-delete-confirm');
  await confirm.getByTestId('confirm-delete').click();
  await expect(tile(page, 'E2E azul')).toHaveCount(0);
  await expect(page.getByTestId('images-total')).toHaveText(`${before + 1} imágenes`);

  // Paging: to the last page (next disabled once (page + 1) × size ≥ total), back, and 45 a page.
  const total = await totalImages(page);
  const pages = Math.ceil(total / 15);
  expect(pages).toBeGreaterThan(1);
  for (let p = 2; p <= pages; p++) {
    await page.getByTestId('images-next').click();
    await expect(page.getByTestId('images-page')).toHaveText(`Página ${p} de ${pages}`);
    await expect(page.getByTestId('images-previous')).toBeEnabled();
  }
  await expect(page.getByTestId('images-next')).toBeDisabled();
  await expect(page.getByTestId('image-tile')).toHaveCount(total - (pages - 1) * 15);
  await page.getByTestId('images-previous').click();
  await expect(page.getByTestId('images-page')).toHaveText(`Página ${pages - 1} de ${pages}`);
  await page.getByTestId('images-page-size').click();
  await (await openList(page)).getByTitle('45', { exact: true }).click();
  await expect(page.getByTestId('images-page')).toHaveText(`Página 1 de ${Math.ceil(total / 45)}`);
  await expect(page.getByTestId('image-tile')).toHaveCount(Math.min(45, total));
  await expect(page.getByTestId('images-next')).toBeEnabled({ enabled: total > 45 });

  // The picker: keyboard through the tiles, Enter chooses, "Elegir" answers the image.
  await page.getByTestId('open-picker').click();
  const picker = page.getByRole('dialog', { name: 'Elegir una imagen' });
  await expect(picker.getByTestId('image-tile')).toHaveCount(15);
  await expect(picker.getByTestId('pick-image')).toBeDisabled();
  const first = picker.getByTestId('image-tile').first().getByRole('button');
  await first.focus();
  await first.press('ArrowRight');
  const second = picker.getByTestId('image-tile').nth(1).getByRole('button');
  await expect(second).toBeFocused();
  await second.press('Enter');
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  const chosenName = (await picker.getByTestId('image-tile').nth(1).locator('.image-grid__name').textContent()) ?? '';
  await motionsDone(page);
  await expectNoSeriousA11yViolations(page, 'image-picker');
  await windowShot(page, '134-file-image-picker');
  await picker.getByTestId('pick-image').click();
  await expect(picker).toBeHidden();
  await expect(page.getByTestId('picked-image')).toContainText(`Imagen elegida: ${chosenName}`);
});

test('a customer sees the gallery read-only', async ({ page }) => {
  await signIn(page, 'buyer', '/file/image');
  await expect(page.getByTestId('image-tile').first()).toBeVisible();
  await expect(page.getByTestId('images-readonly')).toHaveText(
    'Solo los administradores suben, renombran o eliminan imágenes.',
  );
  await expect(page.getByTestId('image-drop')).toHaveCount(0);
  await expect(page.getByTestId('edit-image')).toHaveCount(0);
  await expect(page.getByTestId('delete-image')).toHaveCount(0);
  // Thumbnails load through their hashed URLs, without a token, from the browser's cache on the next visit.
  const thumb = page.getByTestId('image-tile').first().locator('img');
  await expect(thumb).toHaveJSProperty('complete', true);
  expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await expectNoSeriousA11yViolations(page, 'file-image-buyer');
  await atThreeWidths(page, '135-file-image-buyer');
});
