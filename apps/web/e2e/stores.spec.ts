import { expect, type Locator, test } from '@playwright/test';
import { atThreeWidths, expectNoSeriousA11yViolations, signIn } from './support';

/** Stores and articles (issue 16; decision 0043): the article grid, and a store's e-mails and stock calculation. */

const rows = (grid: Locator) => grid.getByTestId('grid-row');

test('admin filters the articles by a reference, and changes a store’s return e-mail', async ({ page }) => {
  await signIn(page, 'admin', '/setting/article');
  const articles = page.getByTestId('articles-grid');
  await expect(rows(articles)).toHaveCount(10);
  const reference = (await rows(articles).first().locator('td').first().innerText()).trim();
  await expectNoSeriousA11yViolations(page, 'articles');

  // Filter by that reference in the toolbar: the call carries the rule, one article remains with its availability.
  const filtered = page.waitForResponse(
    (r) => r.url().includes('GetArticlesJqGrid') && r.url().includes('ITEMID') && r.status() === 200,
  );
  await articles.getByTestId('grid-filter-ITEMID').fill(reference);
  await articles.getByTestId('grid-filter-ITEMID').press('Enter');
  await filtered;
  await expect(rows(articles)).toHaveCount(1);
  await expect(rows(articles).first()).toContainText(reference);
  await expect(rows(articles).first()).toContainText(/Disponible|No disponible|Sin información/);
  await atThreeWidths(page, 'stores-articles');

  // A store: its form shows the e-mails and the calculation type.
  await page.goto('/setting/stock');
  const stores = page.getByTestId('stores-grid');
  await rows(stores).filter({ hasText: 'AGP01' }).getByTestId('store-edit').click();
  await expect(page).toHaveURL(/\/setting\/stock\/AGP01$/);
  const returnMail = page.getByTestId('store-return-mail');
  await expect(page.getByTestId('store-form')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'store');

  // A bad address is refused before any call.
  await returnMail.fill('devoluciones-malaga');
  await page.getByTestId('store-save').click();
  await expect(page.getByTestId('store-form')).toContainText(
    'Escriba una dirección de correo válida o deje el campo vacío.',
  );
  await atThreeWidths(page, 'stores-store-refused');

  // A good one is saved, and the grid shows it.
  await returnMail.fill('devoluciones.malaga@example.com');
  const saved = page.waitForResponse((r) => r.url().includes('/api/instock/putstock') && r.status() === 200);
  await page.getByTestId('store-save').click();
  await saved;
  await expect(page.getByRole('alert').filter({ hasText: 'Guardado correctamente.' }).first()).toBeVisible();
  await page.getByTestId('store-back').click();
  await expect(rows(stores).filter({ hasText: 'AGP01' })).toContainText('devoluciones.malaga@example.com');
  await atThreeWidths(page, 'stores-stores');
});
