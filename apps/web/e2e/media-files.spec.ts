import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { atThreeWidths, expectNoSeriousA11yViolations, motionsDone, signIn, windowShot } from './support';

const item = (page: Page, name: string) => page.getByRole('treeitem', { name: new RegExp(name) });
/** Clicks a tree node by its exact title. */
const clickNode = (page: Page, name: string) => item(page, name).getByText(name, { exact: true }).click();

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('an administrator creates a folder, uploads two files with their progress, and deletes the folder after both confirmations', async ({
  page,
}) => {
  await signIn(page, 'admin', '/setting/file');
  await expect(item(page, 'Catálogos')).toBeVisible();
  await expect(page.getByTestId('current-folder')).toContainText('Documentos');
  await expectNoSeriousA11yViolations(page, 'setting-file');
  await atThreeWidths(page, 'media-files-1-setting-file', async () => {
    await expect(page.getByText('Arrastre aquí varios ficheros o pulse para elegirlos')).toBeVisible();
  });

  // A new folder: the name rule next to the field first, then created and selected.
  await page.getByTestId('new-folder').click();
  const dialog = page.getByRole('dialog', { name: 'Nueva carpeta' });
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog.getByText('Escriba el nombre de la carpeta.')).toBeVisible();
  await dialog.getByTestId('new-folder-name').fill('a/b');
  await dialog.getByTestId('new-folder-name').press('Enter');
  await expect(dialog.getByText(/El nombre no puede contener/)).toBeVisible();
  await motionsDone(page);
  await windowShot(page, 'media-files-2-new-folder-error');
  await expectNoSeriousA11yViolations(page, 'new folder dialog', '[role="dialog"]');
  await dialog.getByTestId('new-folder-name').fill('Pruebas E2E');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog).toBeHidden();
  await expect(item(page, 'Pruebas E2E')).toBeVisible();
  await expect(page.getByTestId('current-folder')).toContainText('Documentos / Pruebas E2E');
  await expect(item(page, '\\(carpeta vacía\\)')).toBeVisible();

  // Two files at once; the server's answers are held so that each file's progress is seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const uploads: string[] = [];
  await page.route('**/api/infile/upload?**', async (route) => {
    uploads.push(new URL(route.request().url()).searchParams.get('fullPath') ?? '');
    await held;
    await route.continue();
  });
  await page.locator('.file-admin input[type=file]').setInputFiles([
    { name: 'Manual de montaje.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'Pedido previsto.csv', mimeType: 'text/csv', buffer: Buffer.from('ref;cantidad\nA1;3\n') },
  ]);
  // Each file going up is busy (aria-busy), with its progress bar.
  const busy = page.locator('.file-admin [aria-busy="true"]');
  await expect(busy).toHaveCount(2);
  const bars = page.locator('.file-admin').getByRole('progressbar');
  await expect(bars).toHaveCount(2);
  await expect(bars.first()).toBeVisible();
  await expect(bars.last()).toBeVisible();
  await expect.poll(() => uploads).toEqual(['Pruebas E2E', 'Pruebas E2E']);
  await windowShot(page, 'media-files-3-upload-progress');
  release();
  await expect(busy).toHaveCount(0);
  await expect(page.locator('.file-admin [aria-busy="false"]')).toHaveCount(2);
  await expect(page.getByText('2 ficheros subidos')).toBeVisible();
  await expect(item(page, 'Manual de montaje.pdf')).toBeVisible();
  await expect(item(page, 'Pedido previsto.csv')).toBeVisible();
  // Each with its type's icon (drawn; the name says the type to a screen reader, which hears no icon: 0092).
  await expect(item(page, 'Manual de montaje.pdf').locator('.anticon-file-pdf')).toBeVisible();
  await expect(item(page, 'Pedido previsto.csv').locator('.anticon-file-excel')).toBeVisible();
  await page.unroute('**/api/infile/upload?**');

  // Delete the folder: a confirmation, then the second one because it is not empty.
  await expect(page.getByTestId('current-folder')).toContainText('Documentos / Pruebas E2E');
  await page.getByTestId('delete-selected').click();
  await expect(page.getByText('¿Está seguro de que desea eliminar este directorio? (Pruebas E2E)')).toBeVisible();
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByText(/^El directorio no está vacío/)).toBeVisible();
  await motionsDone(page);
  await windowShot(page, 'media-files-4-folder-not-empty');
  await page.getByTestId('confirm-delete-all').click();
  await expect(page.getByText('Eliminado correctamente.')).toBeVisible();
  await expect(item(page, 'Pruebas E2E')).toHaveCount(0);
  await page.reload();
  await expect(item(page, 'Catálogos')).toBeVisible();
  await expect(item(page, 'Pruebas E2E')).toHaveCount(0);
});

test('a buyer opens folders, downloads a PDF by click and by Enter, and has no administrator controls', async ({
  page,
}) => {
  await signIn(page, 'buyer', '/file/file');
  await expect(item(page, 'Catálogos')).toBeVisible();
  for (const id of ['new-folder', 'delete-selected', 'file-drop']) await expect(page.getByTestId(id)).toHaveCount(0);

  // Folders expand and collapse, each loaded when opened.
  await clickNode(page, 'Tarifas');
  await expect(item(page, 'Promociones')).toBeVisible();
  await expect(item(page, 'Tarifa 2026.xlsx').locator('.anticon-file-excel')).toBeVisible();
  await clickNode(page, 'Tarifas');
  await expect(item(page, 'Promociones')).toHaveCount(0);
  await clickNode(page, 'Catálogos');
  const pdf = 'Catálogo general 2026.pdf';
  await expect(item(page, pdf).locator('.anticon-file-pdf')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'file-file');
  await atThreeWidths(page, 'media-files-5-file-file', async () => {
    await expect(item(page, pdf)).toBeVisible();
  });

  const clicked = page.waitForEvent('download');
  await clickNode(page, pdf);
  const download = await clicked;
  expect(download.suggestedFilename()).toBe(pdf);
  const text = (await new PDFParse({ data: new Uint8Array(readFileSync(await download.path())) }).getText()).text;
  expect(text).toContain('Catálogo general 2026');

  // The keyboard alone: into the tree, down to a folder, Enter opens it, down to the file, Enter downloads it.
  await page.reload();
  await expect(item(page, 'Catálogos')).toBeVisible();
  const tree = page.getByRole('tree');
  await tree.focus();
  await tree.press('ArrowDown');
  await tree.press('Enter');
  await expect(item(page, pdf)).toBeVisible();
  await tree.press('ArrowDown');
  await tree.press('ArrowDown');
  const entered = page.waitForEvent('download');
  await tree.press('Enter');
  expect((await entered).suggestedFilename()).toBe(pdf);

  // The administration is for administrators only.
  await page.goto('/setting/file');
  await expect(page.getByTestId('admins-only')).toBeVisible();
});

test('a file list that cannot be read says so, and tries again', async ({ page }) => {
  await signIn(page, 'buyer');
  let fail = true;
  await page.route('**/api/infile/getfiles/**', (route) =>
    fail
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Error interno' }),
        })
      : route.continue(),
  );
  await page.goto('/file/file');
  await expect(page.getByTestId('files-error')).toContainText('No se ha podido recuperar los datos: Error interno');
  await windowShot(page, 'media-files-6-file-file-error');
  fail = false;
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(item(page, 'Catálogos')).toBeVisible();
});
