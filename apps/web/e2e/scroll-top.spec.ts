import { expect, test } from '@playwright/test';
import { signIn } from './support';

/**
 * Spec part 1 §2: after each route change the page scrolls to the top (300 ms, eased). The first screen of a load
 * starts at the top and is not scrolled (reading the position there forced a layout mid-build; decision 0096).
 */
test('a route change scrolls a page read down to its top', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'buyer', '/product-list?familia=24');
  await expect(page.getByTestId('page-title')).toBeVisible();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height, 'the results make the page longer than two screens').toBeGreaterThan(2 * 844);
  await page.evaluate(() => window.scrollTo(0, 1200));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1200);

  await page.getByRole('banner').locator('a[href="/dashboard"]').click();
  await expect(page.getByTestId('page-title')).toHaveText('Inicio');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
