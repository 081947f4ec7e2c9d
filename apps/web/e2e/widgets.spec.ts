import { expect, test } from '@playwright/test';
import { atThreeWidths, expectNoSeriousA11yViolations, motionsDone, signIn } from './support';

/** /widgets (decision 0050): the dashboard's widgets are chosen per browser, and reset after a confirmation. */
test('buyer hides dashboard widgets on /widgets, then resets them after confirming', async ({ page }) => {
  await signIn(page, 'buyer');
  const welcome = page.getByRole('heading', { name: 'Bienvenido' });
  const news = page.getByRole('heading', { name: 'Últimas noticias' });
  const events = page.getByRole('heading', { name: 'Próximos eventos' });
  await expect(welcome).toBeVisible();
  await expect(news).toBeVisible();
  await expect(events).toBeVisible();

  await page.getByTestId('dashboard-customize').click();
  await expect(page).toHaveURL(/\/widgets$/);
  const newsSwitch = page.getByRole('switch', { name: 'Últimas noticias' });
  await expect(newsSwitch).toBeChecked();
  await newsSwitch.click();
  await expect(newsSwitch).not.toBeChecked();
  await expectNoSeriousA11yViolations(page, 'widgets');
  await atThreeWidths(page, 'widgets', async () => {
    await expect(page.getByTestId('widgets-list')).toBeVisible();
  });

  // The dashboard no longer shows the news, and says so again after a reload (kept in this browser).
  await page.getByRole('link', { name: 'Volver al escritorio' }).click();
  await expect(welcome).toBeVisible();
  await expect(events).toBeVisible();
  await expect(news).toHaveCount(0);
  await page.reload();
  await expect(events).toBeVisible();
  await expect(news).toHaveCount(0);

  // Every widget hidden: the dashboard says where to show them again.
  await page.goto('/widgets');
  await page.getByRole('switch', { name: 'Bienvenida y accesos' }).click();
  await page.getByRole('switch', { name: 'Próximos eventos' }).click();
  await page.getByRole('switch', { name: 'Mis pedidos, devoluciones y gasto' }).click();
  await page.goto('/dashboard');
  await expect(page.getByText('Ha ocultado todos los widgets.', { exact: false })).toBeVisible();
  await expect(welcome).toHaveCount(0);

  // Reset asks first; cancelled, nothing changes; confirmed, the browser forgets the choice.
  await page.goto('/widgets');
  await page.getByTestId('widgets-reset').click();
  const confirm = page.getByRole('tooltip').filter({ hasText: '¿Desea restablecer los widgets?' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'widgets reset confirmation', confirm);
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByRole('switch', { name: 'Últimas noticias' })).not.toBeChecked();
  await motionsDone(page);
  await page.getByTestId('widgets-reset').click();
  await confirm.getByRole('button', { name: 'Restablecer widgets' }).click();
  await expect(page.getByText('Widgets restablecidos')).toBeVisible();
  for (const name of ['Bienvenida y accesos', 'Últimas noticias', 'Próximos eventos']) {
    await expect(page.getByRole('switch', { name })).toBeChecked();
  }
  expect(await page.evaluate(() => localStorage.getItem('portal.dashboard.widgets'))).toBeNull();
  await page.goto('/dashboard');
  await expect(news).toBeVisible();
  await expect(welcome).toBeVisible();
});
