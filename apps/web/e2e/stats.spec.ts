import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { atThreeWidths, expectNoSeriousA11yViolations, motionsDone, signIn } from './support';

/** Two years back to today: the demo's portal orders of the last two years. */
function twoYears(): { dateIni: string; dateEnd: string } {
  const today = new Date();
  const from = new Date(today.getTime() - 729 * 86_400_000);
  return { dateIni: from.toISOString().slice(0, 10), dateEnd: today.toISOString().slice(0, 10) };
}

async function openFamilies(page: Page, url: string) {
  const answer = page.waitForResponse((r) => r.url().includes('/api/instats/GetStatsByFamilyJqGrid') && r.ok());
  await page.goto(url);
  return (await (await answer).json()) as { records: number; userdata: { totals: { Importe: number } } };
}

test('admin opens statistics by family with its chart and exports it', async ({ page }) => {
  await signIn(page, 'admin');
  const { dateIni, dateEnd } = twoYears();
  const body = await openFamilies(page, `/stats/family?dateIni=${dateIni}&dateEnd=${dateEnd}`);
  expect(body.records).toBeGreaterThan(0);
  const table = page.getByTestId('stats-table');
  await expect(table.locator('tbody').getByRole('row')).toHaveCount(Math.min(body.records, 10));
  await expect(page.getByTestId('stats-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByTestId('stats-totals')).toContainText('Total');
  // Admins filter by client and store.
  await expect(page.getByRole('combobox', { name: 'Almacén' })).toBeVisible();
  await motionsDone(page);
  await expectNoSeriousA11yViolations(page, 'stats-family');
  await atThreeWidths(page, 'stats-family-admin', async () => {
    await expect(page.getByTestId('stats-chart')).toBeVisible();
  });

  const download = page.waitForEvent('download');
  await page.getByTestId('stats-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`estadisticas-family-${dateIni}-${dateEnd}.xlsx`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(fs.readFileSync(await file.path()) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const total = ws.getRow(ws.rowCount);
  expect(total.getCell(1).value).toBe('Total');
  expect(total.getCell(2).value).toBe(body.userdata.totals.Importe);
});

test('buyer opens "Mis estadísticas" and sees their own client only', async ({ page }) => {
  await signIn(page, 'buyer');
  const answer = page.waitForResponse((r) => r.url().includes('/api/instats/GetStatsByFamilyJqGrid') && r.ok());
  await page.getByRole('menuitem', { name: 'Mis estadísticas' }).click();
  await expect(page).toHaveURL(/\/stats\/family$/);
  const request = (await answer).request().url();
  expect(request).not.toContain('c_id=');
  await expect(page.getByTestId('stats-totals')).toContainText('Total');
  // No client or store filter for a customer.
  await expect(page.getByRole('combobox', { name: 'Almacén' })).toHaveCount(0);
  const { dateIni, dateEnd } = twoYears();
  const mine = await openFamilies(page, `/stats/family?dateIni=${dateIni}&dateEnd=${dateEnd}`);
  expect(mine.records).toBeGreaterThan(0);
  await expect(page.getByTestId('stats-chart')).toBeVisible();
  await motionsDone(page);
  await atThreeWidths(page, 'stats-family-buyer', async () => {
    await expect(page.getByTestId('stats-table')).toBeVisible();
  });
});

test('buyer moves from "Mis estadísticas" by family to the views by date and by model, keeping the range', async ({
  page,
}) => {
  await signIn(page, 'buyer');
  const { dateIni, dateEnd } = twoYears();
  await page.goto(`/stats/family?dateIni=${dateIni}&dateEnd=${dateEnd}`);
  const views = page.getByRole('navigation', { name: 'Vistas de las estadísticas' });
  await expect(views.getByRole('link', { name: 'Por familia' })).toHaveAttribute('aria-current', 'page');
  const byDate = page.waitForResponse((r) => r.url().includes('/api/instats/GetStatsByDateJqGrid') && r.ok());
  await views.getByRole('link', { name: 'Por fecha' }).click();
  await expect(page).toHaveURL(new RegExp(`/stats/date\\?dateIni=${dateIni}&dateEnd=${dateEnd}$`));
  expect((await byDate).request().url()).toContain(`dateIni=${dateIni}`);
  const byModel = page.waitForResponse((r) => r.url().includes('/api/instats/GetStatsByModelJqGrid') && r.ok());
  await views.getByRole('link', { name: 'Por modelo' }).click();
  await expect(page).toHaveURL(/\/stats\/model\?/);
  await byModel;
  await expect(views.getByRole('link', { name: 'Por modelo' })).toHaveAttribute('aria-current', 'page');
  await atThreeWidths(page, 'stats-views-buyer', async () => {
    await expect(views).toBeVisible();
  });
});
