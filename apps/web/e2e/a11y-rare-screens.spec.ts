import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support';

/**
 * Issue 25 (Accessibility; decision 0088's audit left these out): the screens a user rarely sees, read as a screen
 * reader would, in the state the user meets them in: a registration link that no longer confirms, an external
 * sign-in whose ticket is refused, the server-error page, and the locked session asking for the password again.
 */
test('a refused registration link, a refused external ticket and the server-error page: no serious violation', async ({
  page,
}) => {
  await page.goto('/registerconfirm/not-a-code/not-a-user');
  await expect(page.getByTestId('confirm-failed')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'registration confirmation refused');

  await page.goto('/external/signin#ticket=not-a-ticket');
  await expect(page.getByTestId('external-signin-failed')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'external sign-in refused');

  await page.goto('/500');
  await expect(page.getByRole('button', { name: 'Ir al inicio' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'server error page');
});

test('the locked session shows its user and asks for the password: no serious violation', async ({ page }) => {
  await signIn(page, 'buyer');
  await page.goto('/lock');
  await expect(page.getByTestId('lock-user')).toHaveText('buyer');
  await expectNoSeriousA11yViolations(page, 'locked session');
});
