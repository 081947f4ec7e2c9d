import { expect, test } from '@playwright/test';
import { expectLoginPage, newestMailContaining, openList, shot, submitLogin } from './support';

test('a new customer registers, confirms the e-mail link and signs in', async ({ page }) => {
  const email = `taller.${Date.now()}@example.com`;
  const password = 'Frenos-Discos-2026';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Regístrese' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Registro de cliente' })).toBeVisible();

  // The shared contract rules show inline, translated.
  await page.getByRole('button', { name: 'Crear la cuenta' }).click();
  await expect(
    page.getByText('El nombre de usuario debe ser una dirección de correo electrónico válida.'),
  ).toBeVisible();
  await expect(page.getByText('Debe aceptar los términos y condiciones.')).toBeVisible();
  await shot(page, '10-register-errors');

  await page.getByLabel('Correo electrónico (nombre de usuario)').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByLabel('Repita la contraseña').fill(password);
  await page.getByLabel('Zona de trabajo').click();
  await (await openList(page)).locator('[title]').first().click();
  await page.getByLabel('Acepto los términos y condiciones de uso').check();
  await shot(page, '11-register-filled');
  await page.getByRole('button', { name: 'Crear la cuenta' }).click();

  await expect(
    page.getByText('Hemos recibido su registro. Revise su correo electrónico para confirmar la cuenta.'),
  ).toBeVisible();
  await shot(page, '12-register-pending');
  await expectLoginPage(page);

  const mail = newestMailContaining(email);
  const link = /https?:\/\/[^\s"'<>]+?(\/registerconfirm\/[^\s"'<>/]+\/[^\s"'<>/]+)/.exec(mail);
  expect(link, 'confirmation link in the e-mail').not.toBeNull();
  await page.goto(link![1]!);
  await expect(page.getByText('Cuenta confirmada. Ya puede iniciar sesión.')).toBeVisible();
  await shot(page, '13-register-confirmed');
  await expectLoginPage(page);

  await submitLogin(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('user-name')).toContainText(email);
  await shot(page, '14-new-user-dashboard');
});
