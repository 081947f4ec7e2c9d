import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import {
  addToCart,
  clearCart,
  E2E_PORT,
  expectNoSeriousA11yViolations,
  motionsDone,
  openList,
  REPO_ROOT,
  signIn,
  topShot,
} from './support';

/**
 * Connecting the ERP (issue 23; decision 0067): an admin makes an integration client, a customer buys, the demo ERP's
 * CLI signs in with that client, reads the web order's event, answers its SALESID through the web-order-results
 * feed, and the customer sees the web order imported. The e2e server's own demo ERP runs no timer
 * (ERP_IMPORT_INTERVAL_SECONDS=0): here only the CLI answers.
 */
const run = promisify(execFile);
const HOME_STORE = 'Almacén Madrid Sur';
const CASH = 'Contado / contra reembolso';

test('an admin connects an ERP client, a customer buys, the demo ERP CLI answers, the web order is imported', async ({
  page,
  browser,
}) => {
  // The admin makes the client on /setting/integrations and reads its secret, shown once.
  await signIn(page, 'admin', '/setting/integrations');
  await page.getByTestId('integration-new').click();
  const form = page.getByRole('dialog');
  await form.getByTestId('integration-name').fill('ERP de la central');
  await form.getByLabel('erp.feeds').check();
  await form.getByLabel('erp.events').check();
  await form.getByTestId('integration-create').click();
  await expect(page.getByTestId('integration-secret')).toContainText('solo se muestra esta vez');
  const clientId = (await page.getByTestId('integration-secret-client-id').textContent()) ?? '';
  const secret = (await page.getByTestId('integration-secret-value').textContent()) ?? '';
  expect(clientId).toMatch(/^ic_/);
  expect(secret).toMatch(/^ics_/);
  await expectNoSeriousA11yViolations(page, 'integration secret');
  await page.getByTestId('integration-secret-done').click();
  await expect(page.getByTestId('integration-row').filter({ hasText: 'ERP de la central' })).toBeVisible();

  // The customer buys one article, cash, with a reference of their own.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await signIn(buyer, 'buyer');
  await clearCart(buyer);
  await addToCart(buyer, 'BOS.159-1016');
  const ref = `ERP-${Date.now() % 1_000_000}`;
  await buyer.goto('/my-cart/checkout');
  const home = buyer
    .getByTestId('checkout-location')
    .filter({ has: buyer.getByTestId('location-name').getByText(HOME_STORE) });
  await home.getByLabel('Su referencia').fill(ref);
  await home.getByLabel('Forma de pago').click();
  await (await openList(buyer)).getByTitle(CASH, { exact: true }).click();
  await buyer.getByTestId('checkout-finish').click();
  await expect(buyer.getByText('Pedido realizado correctamente.')).toBeVisible();

  // Not imported yet: no ERP has answered it.
  await buyer.goto('/salesweb');
  const row = buyer.getByTestId('salesweb-grid').getByRole('row').filter({ hasText: ref });
  await expect(row).toContainText('Enviándose a la tienda');

  // The demo ERP's CLI, once, with the admin's client: it reads the events and answers through the feeds.
  const { stdout } = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/demo-erp-cli.ts',
      '--url',
      `http://127.0.0.1:${E2E_PORT}`,
      '--client-id',
      clientId,
      '--once',
    ],
    { cwd: REPO_ROOT, env: { ...process.env, DEMO_ERP_SECRET: secret }, timeout: 60_000 },
  );
  const pass = JSON.parse(stdout.trim().split('\n').at(-1)!) as { webOrders: { applied: number } };
  expect(pass.webOrders.applied).toBeGreaterThanOrEqual(1);

  // The customer sees it imported.
  await buyer.reload();
  await expect(row).toContainText('Importado');
  await motionsDone(buyer);
  await expectNoSeriousA11yViolations(buyer, 'web orders imported');
  await topShot(buyer, 'erp-connect-web-order-imported');
  await buyerContext.close();
});
