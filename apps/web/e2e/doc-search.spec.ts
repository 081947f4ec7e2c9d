import { expect, type Page, test } from '@playwright/test';
import {
  addToCart,
  atThreeWidths,
  bearer,
  clearCart,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  motionsDone,
  signIn,
  windowShot,
} from './support';

/**
 * One search over every document and a job reference per cart line (issue 26; decision 0081): the header's box finds
 * the demo web orders by a plate on their lines, the keyboard opens one, an unknown text says so; a job reference
 * typed in the cart goes with the order and finds it.
 */
const PLATE = '4821 KLM';
const LABEL = 'Buscar documentos por número o referencia';

const box = (page: Page) => page.getByRole('combobox', { name: LABEL });
const hits = (page: Page) => page.locator('.doc-search-popup:visible [data-testid="doc-search-hit"]');

test('the header’s box finds documents as the buyer types, and the keyboard opens one', async ({ page }) => {
  await signIn(page, 'buyer');
  await box(page).fill(PLATE.toLowerCase());
  await expect(hits(page)).toHaveCount(2);
  await expect(page.locator('.doc-search-popup:visible [data-testid="doc-search-group"]')).toHaveText(['Pedidos web']);
  await expect(hits(page).first()).toContainText(`Ref. de trabajo: ${PLATE}`);
  await expectNoSeriousA11yViolations(page, 'document search open');
  await windowShot(page, 'doc-search-1440');

  // Arrow down to the second, Enter opens it: the web order's lines show the plate.
  const second = (await hits(page).nth(1).getAttribute('data-number')) ?? '';
  await box(page).press('ArrowDown');
  await box(page).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/salesweb/${second}$`));
  await expect(box(page)).toHaveValue('');
  await expect(page.getByRole('columnheader', { name: 'Ref. de trabajo' })).toBeVisible();
  await expect(page.getByTestId('document-line').first()).toContainText(PLATE);

  // Nothing of the kind: said in the list; Esc closes it.
  await box(page).fill('zzqq 0000');
  await expect(page.locator('.doc-search-popup:visible [data-testid="doc-search-empty"]')).toHaveText(
    'Nada encontrado',
  );
  await box(page).press('Escape');
  await expect(page.locator('.doc-search-popup:visible')).toHaveCount(0);

  // At 979 and 390 px an icon opens the box under the header, the window's width.
  for (const width of [979, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await expect(box(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Buscar documentos' }).click();
    await expect(box(page)).toBeFocused();
    await box(page).fill(PLATE);
    await expect(hits(page)).toHaveCount(2);
    await motionsDone(page);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, `document search at ${width}`);
    await windowShot(page, `doc-search-${width}`);
    await page.getByRole('button', { name: 'Cerrar la búsqueda' }).click();
    await expect(page.getByTestId('doc-search-panel')).toHaveCount(0);
  }
});

test('a job reference typed on a cart line goes with the order, and the search finds it', async ({ page }) => {
  await signIn(page, 'buyer', '/my-cart');
  await clearCart(page);
  const headers = await bearer(page);
  await addToCart(page, 'BOS.159-1016');
  await page.reload();
  const field = page.getByRole('textbox', { name: 'Referencia de trabajo de BOS.159-1016' });
  // More than 40 characters: refused under the field, in words.
  await field.fill('X'.repeat(41));
  await field.press('Enter');
  await expect(page.getByTestId('line-jobref-error')).toHaveText(
    'La referencia de trabajo admite 40 caracteres como máximo.',
  );
  await field.fill('  OT-E2E 3141  ');
  await field.press('Enter');
  await expect(page.getByTestId('line-jobref-error')).toHaveCount(0);
  await page.reload();
  await expect(field).toHaveValue('OT-E2E 3141');
  await expectNoSeriousA11yViolations(page, 'cart with a job reference');
  await atThreeWidths(page, 'doc-search-cart', async () => {
    await expect(page.getByTestId('line-jobref')).toHaveValue('OT-E2E 3141');
    await expectNoSidewaysScroll(page);
  });

  // Placed (the checkout's form as its defaults fill it), the order carries it and the box finds the order.
  const full = await page.request.get('/api/incheckout/getLocationsPerCurrentCartFull?lang=es', { headers });
  const locations = ((await full.json()).cartlocations as Record<string, unknown>[]).map((l) => ({
    ...l,
    cust_ref: 'E2E JOB',
  }));
  const finished = await page.request.post('/api/incheckout/finishcheckout', { headers, data: locations });
  expect(finished.ok()).toBe(true);
  const orderId = (await finished.json()).weborders[0].id as number;
  await page.goto('/dashboard');
  await box(page).fill('ot-e2e');
  await expect(hits(page)).toHaveCount(1);
  await expect(hits(page)).toHaveAttribute('data-number', String(orderId));
  await box(page).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/salesweb/${orderId}$`));
  await expect(page.getByTestId('document-line').first()).toContainText('OT-E2E 3141');
});
