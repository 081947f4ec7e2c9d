import { expect, test } from '@playwright/test';
import { signIn } from './support';

test('an ordinary buyer reaches their profile (password, language) from the user menu', async ({ page }) => {
  await signIn(page, 'buyer2');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Mi perfil' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Mi perfil' }).first()).toBeVisible();
});
