import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { topShot as shot, signIn, watchFor, windowShot } from './support';

/** Clicks a report link, waits for its file and answers the file's bytes and name; no error popup shows. */
async function download(page: Page, link: Locator): Promise<{ file: Buffer; name: string }> {
  // The dialog says so for a second only (spec part 2 §4): watched from before the click.
  const saidDownloaded = await watchFor(page, '[data-testid="report-dialog"]', 'Documento descargado');
  const downloading = page.waitForEvent('download');
  await link.click();
  const done = await downloading;
  const dialog = page.getByRole('dialog', { name: 'Descarga de documentos' });
  await saidDownloaded();
  await expect(page.getByTestId('error-popup')).toHaveCount(0);
  const file = readFileSync(await done.path());
  await expect(dialog).toBeHidden({ timeout: 3000 });
  return { file, name: done.suggestedFilename() };
}

async function pdfText(file: Buffer): Promise<string> {
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return (await new PDFParse({ data: new Uint8Array(file) }).getText()).text;
}

/** The sheet names and all cell texts of an XLSX file. */
async function xlsxText(file: Buffer): Promise<{ sheets: string[]; text: string }> {
  expect(file.subarray(0, 2).toString('latin1')).toBe('PK');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  const cells: string[] = [];
  book.eachSheet((sheet) => {
    sheet.eachRow((row) => {
      row.eachCell((cell) => {
        cells.push(cell.text);
      });
    });
  });
  return { sheets: book.worksheets.map((s) => s.name), text: cells.join('\n') };
}

/** Selects the grid's first row and downloads the PDF and the Excel of its detail panel, then of the row. */
async function downloadBoth(page: Page, gridId: string, screen: string) {
  const grid = page.getByTestId(gridId);
  const row = grid.getByTestId('grid-row').first();
  await expect(row).toBeVisible();
  const shownId = (await row.locator('td').first().innerText()).trim();
  await row.locator('td').first().click();
  const detail = page.getByTestId('document-detail');
  await expect(detail.getByTestId('document-lines').locator('tbody').getByRole('row').first()).toBeVisible();
  await shot(page, `${screen}-selected`);

  const pdf = await download(page, detail.getByTestId('report-pdf'));
  expect(pdf.name).toMatch(/\.pdf$/);
  expect(await pdfText(pdf.file)).toContain(shownId);
  const excel = await download(page, detail.getByTestId('report-excel'));
  expect(excel.name).toMatch(/\.xlsx$/);
  const book = await xlsxText(excel.file);
  expect(book.sheets.length).toBeGreaterThan(0);
  expect(book.text).toContain(shownId);

  // The row's own links download the same document.
  const rowPdf = await download(page, row.getByTestId('report-pdf'));
  expect(await pdfText(rowPdf.file)).toContain(shownId);
  const rowExcel = await download(page, row.getByTestId('report-excel'));
  expect((await xlsxText(rowExcel.file)).text).toContain(shownId);
  return shownId;
}

test('a buyer downloads the PDF and the Excel of an order, a packing slip and an invoice, and opens each', async ({
  page,
}) => {
  await signIn(page, 'buyer', '/sales');
  await downloadBoth(page, 'sales-grid', '300-order-files');
  await page.goto('/packingslip');
  await downloadBoth(page, 'packingslips-grid', '301-packingslip-files');
  await page.goto('/invoice');
  const invoiceId = await downloadBoth(page, 'invoices-grid', '302-invoice-files');
  expect(invoiceId.length).toBeGreaterThan(0);
  await windowShot(page, '303-invoice-files-done');
});
