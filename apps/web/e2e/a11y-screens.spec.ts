import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support';

/**
 * Issue 25 (Accessibility; decision 0088): axe on the screens and dialogs that no other journey checks, each opened as
 * the role that uses it, one check per screen. The other journeys check the rest where they open it.
 */

/** Opens `path` in the signed-in app, waits for what shows it is there, and runs axe on it. */
async function check(page: Page, path: string, ready: string, name = path): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId(ready).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, name);
}

/** The dialog open on the page (a modal or a drawer). */
const DIALOG = '[role="dialog"]';

test('a customer: refunds, profile, statistics by date and by model, the news list; the order pad', async ({
  page,
}) => {
  await signIn(page, 'buyer');
  await check(page, '/allrefunds', 'refunds-grid');
  await check(page, '/profile', 'profile-form');
  await check(page, '/stats/date', 'stats-table');
  await check(page, '/stats/model', 'stats-table');
  await check(page, '/post/1', 'post-list');

  // Quick order (already checked by its journey): the pad's button adds a line, named apart from "Añadir a una lista".
  await page.goto('/quick-order');
  await expect(page.getByTestId('qo-pad-add')).toHaveText('Añadir línea');
});

test('staff: web orders to send, users, a client, the document log, acting as, a new FAQ pack and post', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await check(page, '/salesweb-admin', 'reload-non-processed');
  await check(page, '/setting/salesweb', 'salesweb-grid');
  await check(page, '/setting/user', 'users-grid');
  await check(page, '/setting/client/C00001', 'client-users-grid');
  await check(page, '/setting/logdocument', 'logdocument-grid');
  await check(page, '/setting/actas', 'act-as-user');
  await check(page, '/faq/new', 'faq-pack-form');
  await check(page, '/post/1/new', 'post-add-language');
});

test('staff: the zone editor, the category dialog and the map point drawer', async ({ page }) => {
  await signIn(page, 'admin', '/setting/menu');
  await page
    .getByRole('link', { name: /^Editar zona: / })
    .first()
    .click();
  await expect(page.getByTestId('zone-form')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'zone editor');

  await page.goto('/setting/category');
  await page
    .getByRole('button', { name: /^Nueva subcategoría: / })
    .first()
    .click();
  await expect(page.getByTestId('category-form')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'category dialog', DIALOG);

  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
  await page.goto('/maps');
  await page.getByTestId('map-new-point').click();
  await expect(page.getByTestId('map-point-form')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'map point drawer', DIALOG);
});

test('signed out: registering, a forgotten password, a page that does not exist', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'register');
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'forgot-password');
  await page.goto('/404');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '404');
});

test('the side menu: each page is a link, opened by a click, once in the history', async ({ page }) => {
  await signIn(page, 'buyer');
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByRole('link', { name: 'Escritorio' })).toHaveAttribute('href', '/dashboard');
  await expect(menu.getByRole('link', { name: 'Catálogo' })).toHaveAttribute('href', '/product-list/');
  await menu.getByText('Documentos', { exact: true }).click();
  const orders = menu.getByRole('link', { name: 'Pedidos', exact: true });
  await expect(orders).toHaveAttribute('href', '/sales');
  await orders.click();
  await expect(page).toHaveURL(/\/sales$/);
  await expect(page.getByTestId('sales-grid')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the category tree is reordered with the keyboard: a node moved up, kept after a reload, and down again', async ({
  page,
}) => {
  await signIn(page, 'admin', '/setting/category');
  const tree = page.getByTestId('category-tree');
  /** The nodes' names in the order drawn (each node's "Subir" button names it). */
  const order = async () =>
    (await tree.getByRole('button', { name: /^Subir: / }).evaluateAll((els) => els.map((e) => e.ariaLabel ?? '')))
      .map((label) => label.replace(/^Subir: /, ''))
      .filter((name) => name === 'Parabrisas' || name === 'Lunetas');
  await expect.poll(order).toEqual(['Parabrisas', 'Lunetas']);
  // The first of its siblings cannot go up.
  await expect(tree.getByRole('button', { name: 'Subir: Parabrisas' })).toBeDisabled();

  await tree.getByRole('button', { name: 'Subir: Lunetas' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Orden guardado.')).toBeVisible();
  await expect.poll(order).toEqual(['Lunetas', 'Parabrisas']);
  await page.reload();
  await expect.poll(order).toEqual(['Lunetas', 'Parabrisas']);

  await tree.getByRole('button', { name: 'Bajar: Lunetas' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(order).toEqual(['Parabrisas', 'Lunetas']);
  await page.reload();
  await expect.poll(order).toEqual(['Parabrisas', 'Lunetas']);
});

test('the header zone’s menus are reordered with the keyboard, and the header follows', async ({ page }) => {
  await signIn(page, 'admin', '/setting/menu');
  const header = page.getByTestId('zone-menu-header').getByRole('link');
  await expect(header).toHaveText(['Noticias', 'Productos', 'Calendario']);
  // The header zone is the tree's first; its first menu goes down one place.
  const tree = page.getByTestId('menu-tree');
  await tree.getByRole('button', { name: 'Bajar: Noticias' }).first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Orden guardado.')).toBeVisible();
  await page.reload();
  await expect(header).toHaveText(['Productos', 'Noticias', 'Calendario']);

  await tree.getByRole('button', { name: 'Subir: Noticias' }).first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Orden guardado.')).toBeVisible();
  await page.reload();
  await expect(header).toHaveText(['Noticias', 'Productos', 'Calendario']);
});

test('confirmations: a list’s deletion (Esc closes it, nothing deleted) and a client’s sign-out of its users', async ({
  page,
}) => {
  await signIn(page, 'buyer', '/lists');
  const lists = page.getByTestId('list-card');
  await expect(lists.first()).toBeVisible();
  const count = await lists.count();
  await page.getByTestId('list-delete').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'list deletion confirmation', DIALOG);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(lists).toHaveCount(count);

  await signIn(page, 'admin', '/setting/client/C00001');
  await page.getByTestId('client-logouts-0').click();
  await expect(page.getByTestId('confirm-logouts-0')).toBeVisible();
  const confirm = page.getByRole('tooltip').filter({ has: page.getByTestId('confirm-logouts-0') });
  await expectNoSeriousA11yViolations(page, 'client sign-out confirmation', confirm);
});
