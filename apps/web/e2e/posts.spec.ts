import { expect, type Page, test } from '@playwright/test';
import {
  atThreeWidths,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  motionsDone,
  signIn,
  topShot,
  windowShot,
} from './support';

/** Chooses the first image of the gallery in the picker that a slot opened. */
async function pickFirstImage(page: Page): Promise<string> {
  const picker = page.getByRole('dialog').filter({ has: page.getByTestId('pick-image') });
  const tile = picker.getByTestId('image-tile').first();
  await tile.getByRole('button').click();
  const id = (await tile.getAttribute('data-image-id')) ?? '';
  await picker.getByTestId('pick-image').click();
  await expect(picker).toBeHidden();
  return id;
}

async function chooseLanguage(page: Page, name: string) {
  await page.getByTestId('language-select').click();
  await page.getByRole('option', { name }).click();
}

test('admin writes a news item in Spanish and Portuguese with a banner; buyer sees it on the dashboard in both', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const titleEs = `Nueva sede en Oporto ${stamp}`;
  const titlePt = `Nova sede no Porto ${stamp}`;

  await signIn(page, 'admin', '/post/1');
  await expect(page.getByTestId('posts-grid')).toBeVisible();
  await page.getByTestId('post-new').click();
  await expect(page).toHaveURL(/\/post\/1\/new$/);
  await expect(page.getByTestId('post-title-es')).toBeVisible();

  // Spanish: title, summary, rich text, the banner from the gallery.
  await page.getByTestId('post-title-es').fill(titleEs);
  await page.getByTestId('post-summary-es').fill('Abrimos almacén en Portugal.');
  await page.getByTestId('post-body-es-content').fill('Desde el lunes servimos el norte de Portugal.');
  await page.getByTestId('post-body-es-content').press('ControlOrMeta+a');
  await page.getByTestId('post-body-es-UI_Post_Bold').click();
  await expect(page.getByTestId('post-body-es-content').locator('strong')).toHaveText(
    'Desde el lunes servimos el norte de Portugal.',
  );
  await page.getByTestId('post-pick-image_banner_id-es').click();
  const bannerEs = await pickFirstImage(page);
  await expect(page.locator('.post-image-slot--image_banner_id img')).toHaveAttribute(
    'src',
    new RegExp(`/api/inimage/getimg/${bannerEs}\\?slot=3`),
  );

  // The last language cannot be removed.
  await page.getByTestId('post-remove-language').click();
  await expect(page.getByTestId('post-language-warning')).toHaveText('Debe existir por lo menos un idioma');
  await expect(page.getByTestId('post-title-es')).toHaveValue(titleEs);

  // Portuguese: a second tab; the same language twice is refused.
  await page.getByTestId('post-add-language').click();
  await page.getByRole('menuitem', { name: 'Português' }).click();
  await expect(page.getByTestId('post-title-pt')).toBeVisible();
  await page.getByTestId('post-add-language').click();
  await page.getByRole('menuitem', { name: 'Português' }).click();
  await expect(page.getByTestId('post-language-warning')).toHaveText('Este idioma ya está añadido.');
  await page.getByTestId('post-title-pt').fill(titlePt);
  await page.getByTestId('post-summary-pt').fill('Abrimos armazém em Portugal.');
  await page.getByTestId('post-body-pt-content').fill('A partir de segunda-feira servimos o norte de Portugal.');
  await page.getByTestId('post-pick-image_banner_id-pt').click();
  await pickFirstImage(page);

  await motionsDone(page);
  await expectNoSeriousA11yViolations(page, 'post-editor');
  await atThreeWidths(page, 'posts-editor-new', async () => {
    await expectNoSidewaysScroll(page);
  });

  // Saving moves to the saved id (spec §4) and says so.
  const saved = page.waitForResponse((r) => r.url().includes('/api/inpost/putpost/0') && r.status() === 200);
  await page.getByTestId('post-save').click();
  const { id_post: id } = (await (await saved).json()) as { id_post: number };
  await expect(page).toHaveURL(new RegExp(`/post/1/${id}$`));
  const confirm = page.getByRole('dialog').filter({ hasText: 'Guardado correctamente' });
  await expect(confirm).toContainText('Mensaje de confirmación');
  await motionsDone(page);
  await windowShot(page, 'posts-editor-saved');
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('post-tab-pt')).toBeVisible();

  // The buyer, in a session of their own, reads it on the dashboard in Spanish, then in Portuguese.
  const buyerContext = await browser.newContext({ locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  const buyer = await buyerContext.newPage();
  await signIn(buyer, 'buyer');
  const news = buyer.getByTestId('dashboard-news');
  const first = news.locator('.dashboard-news__item').first();
  await expect(first).toContainText(titleEs);
  await expect(first.locator('img')).toHaveAttribute('src', new RegExp(`/api/inimage/getimg/${bannerEs}\\?slot=3`));
  await expect(first.locator('img')).toHaveJSProperty('complete', true);
  expect(await first.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(buyer.getByTestId('dashboard-events').locator('li').first()).toBeVisible();
  await expectNoSeriousA11yViolations(buyer, 'dashboard-news');
  await atThreeWidths(buyer, 'posts-dashboard-es', async () => {
    await expect(first).toBeVisible();
    await expectNoSidewaysScroll(buyer);
  });

  await chooseLanguage(buyer, 'Português');
  await expect(news.locator('.dashboard-news__item').first()).toContainText(titlePt);
  await expect(news).not.toContainText(titleEs);
  await atThreeWidths(buyer, 'posts-dashboard-pt');

  // The news opens on its own page, in Portuguese.
  await news.getByRole('link', { name: titlePt }).click();
  await expect(buyer).toHaveURL(new RegExp(`/post/1/${id}$`));
  await expect(buyer.getByRole('heading', { level: 1, name: titlePt })).toBeVisible();
  await expect(buyer.getByTestId('post-view')).toContainText('A partir de segunda-feira servimos o norte de Portugal.');
  await topShot(buyer, 'posts-view-pt');
  await buyerContext.close();

  // The admin deletes it after confirming; it is gone from the grid.
  await page.getByTestId('post-delete').click();
  await page.getByTestId('post-delete-confirm').click();
  await expect(page).toHaveURL(/\/post\/1$/);
  await expect(page.getByTestId('posts-grid')).not.toContainText(titleEs);
});

test('a buyer reads the help page with their store’s contact, and the calendar of events', async ({ page }) => {
  await signIn(page, 'buyer', '/help');
  await expect(page.getByTestId('help-page').getByRole('heading', { name: 'Cómo pedir' })).toBeVisible();
  await expect(page.getByTestId('help-store')).toContainText('Su tienda');
  await expect(page.getByTestId('help-store').getByRole('link', { name: /^\+34 9/ })).toBeVisible();
  await expect(page.getByTestId('help-edit')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'help');
  await atThreeWidths(page, 'posts-help');

  await page.goto('/post/3');
  await expect(page.getByTestId('post-list').locator('.post-card')).toHaveCount(10);
  await topShot(page, 'posts-calendar-list');
});
