import { expect, test } from '@playwright/test';
import { atThreeWidths, expectNoSeriousA11yViolations, motionsDone, signIn, windowShot } from './support';

test('admin runs one sync procedure and watches it finish in the log', async ({ page }) => {
  await signIn(page, 'admin', '/setting/sync');
  const procedures = page.getByTestId('sync-procedures');
  await expect(procedures.getByRole('row')).toHaveCount(8);
  // The seeded history: the last failed run of Invoices is shown with its error.
  await expect(procedures.getByText('ERP: tiempo de espera agotado al leer las facturas (ETIMEDOUT)')).toBeVisible();

  const answer = page.waitForResponse((r) => r.url().endsWith('/api/insync/run') && r.request().method() === 'POST');
  await page.getByTestId('sync-run-Stock').click();
  const runId = ((await (await answer).json()) as { runs: { id: number }[] }).runs[0]!.id;

  // The log shows the new run first and follows it until it has finished.
  const log = page.getByTestId('sync-log');
  const row = log.locator('tr', { has: page.getByRole('cell', { name: String(runId), exact: true }) });
  await expect(row.getByTestId('sync-status-Stock')).toHaveAttribute('data-status', 'succeeded');
  await expect(procedures.getByTestId('sync-status-Stock')).toHaveAttribute('data-status', 'succeeded');
  await row.getByRole('button', { name: /expand|expandir/i }).click();
  const messages = page.getByTestId(`sync-messages-${runId}`);
  await expect(messages).toContainText('Iniciada por');
  await expect(messages).toContainText(/Terminada: \d+ leídas, \d+ escritas/);
  await motionsDone(page);
  await expectNoSeriousA11yViolations(page, 'sync');
  await atThreeWidths(page, 'sync-run-finished', async () => {
    await expect(messages).toBeVisible();
  });

  // Deleting a table asks first; cancelling deletes nothing.
  let deleted = false;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/insync/deleteTable')) deleted = true;
  });
  await page.getByTestId('sync-delete-3').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('2012');
  await motionsDone(page);
  await windowShot(page, 'sync-delete-table-confirm');
  await dialog.getByRole('button', { name: /cancelar|cancel/i }).click();
  await expect(dialog).toBeHidden();
  expect(deleted).toBe(false);
});
