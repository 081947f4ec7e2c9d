import { expect, test } from '@playwright/test';
import { atThreeWidths, expectNoSeriousA11yViolations, motionsDone, signIn, watchFor, windowShot } from './support';

test('admin sees the dead mails and sends them again, after confirming', async ({ page }) => {
  await signIn(page, 'admin');
  // The screen is in the settings menu, after the sign-in log.
  await page.getByRole('menuitem', { name: /Configuración/ }).click();
  await page.getByRole('menuitem', { name: 'Correos pendientes' }).click();
  await expect(page).toHaveURL(/\/setting\/mail$/);
  await expect(page.getByRole('heading', { name: 'Correos pendientes' }).first()).toBeVisible();
  const grid = page.getByTestId('mail-grid');
  // The seeded night the mail server refused them: two dead mails, each with its last error.
  const order = grid.getByRole('row', { name: /compras@talleresnorte\.example/ });
  await expect(order).toContainText('Pedido web recibido');
  await expect(order).toContainText('550 5.1.1 Mailbox unavailable');
  await expect(order.getByTestId('mail-status')).toHaveText('Fallido');
  await expect(grid.getByTestId('mail-resend')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page, 'mail-outbox');
  await atThreeWidths(page, 'mail-outbox-dead', async () => {
    await expect(grid.getByTestId('mail-resend').first()).toBeVisible();
    await expect(grid.getByText('compras@talleresnorte.example')).toBeVisible();
  });

  // "Send again" asks first; cancelling sends nothing.
  let resent = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/insettings/ResendMail/')) resent++;
  });
  await order.getByTestId('mail-resend').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('compras@talleresnorte.example');
  await expect(dialog).toContainText('Pedido web recibido');
  await motionsDone(page);
  await windowShot(page, 'mail-outbox-confirm');
  await dialog.getByRole('button', { name: /cancelar/i }).click();
  await expect(dialog).toBeHidden();
  expect(resent).toBe(0);

  // Confirmed, the mail is pending again, and leaves the list once the outbox has sent it; then the other one.
  for (const recipient of ['compras@talleresnorte.example', 'recambios.sur@correo.example']) {
    const answer = page.waitForResponse((r) => r.url().includes('/api/insettings/ResendMail/'));
    // The message shows for three seconds: watched from before the click.
    const saidResent = await watchFor(page, '[role="alert"]', 'El correo se enviará de nuevo.');
    await grid
      .getByRole('row', { name: new RegExp(recipient.replaceAll('.', '\\.')) })
      .getByTestId('mail-resend')
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Enviar de nuevo' }).click();
    expect((await answer).status()).toBe(200);
    await saidResent();
    await expect(grid.getByText(recipient)).toHaveCount(0);
  }
  expect(resent).toBe(2);

  // Nothing waits any more: the empty state.
  await expect(grid.getByText('No hay correos en espera: se han enviado todos.')).toBeVisible();
  await atThreeWidths(page, 'mail-outbox-empty', async () => {
    await expect(page.getByText('No hay correos en espera: se han enviado todos.')).toBeVisible();
  });
});

test('the mail outbox is for admins only', async ({ page }) => {
  await signIn(page, 'clientadmin', '/setting/mail');
  await expect(page.getByText('Solo los administradores ven los correos pendientes.')).toBeVisible();
});
