import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, E2E_PORT, shot, submitLogin } from './support';

test('web context 1 speaks Portuguese and lands on the product list', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${E2E_PORT}/login`);
  await expect(page.getByRole('heading', { name: 'Iniciar sessão' })).toBeVisible();
  await expect(page.getByText('PeçasLus', { exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  await shot(page, '20-login-context1-pt');

  await submitLogin(page, 'buyer', DEMO_PASSWORD);
  await expect(page).toHaveURL(`http://127.0.0.1:${E2E_PORT}/product-list/`);
  await expect(page.getByTestId('page-title')).toHaveText('Catálogo');
  await expect(page.getByRole('heading', { name: 'Pesquisa de peças' })).toBeVisible();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expect(page.getByTestId('logout')).toHaveText('Terminar sessão');
  await expect(page.getByTestId('side-menu').getByText('Painel')).toBeVisible();
  await shot(page, '21-product-list-context1-pt');
});

test('the login link with idrechange switches the interface to French', async ({ page }) => {
  await page.goto('/login?idrechange=1&id=buyer');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expect(page.getByLabel("Nom d'utilisateur")).toHaveValue('buyer');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await shot(page, '22-login-idrechange-fr');
});
