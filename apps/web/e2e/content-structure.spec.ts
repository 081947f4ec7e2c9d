import { expect, type Locator, type Page, test } from '@playwright/test';
import { atThreeWidths, chooseOption, expectNoSeriousA11yViolations, motionsDone, signIn, windowShot } from './support';

/** A category's node in the tree, by its exact name. */
const node = (page: Page, name: string) =>
  page
    .getByTestId('category-tree')
    .getByRole('treeitem')
    .filter({
      has: page.locator('.content-tree__name', { hasText: new RegExp(`^\\s*${name}$`) }),
    });
/** The names of the children shown under a node (the nodes one level deeper that follow it). */
async function childrenOf(page: Page, parent: Locator): Promise<string[]> {
  return page.evaluate(
    (el) => {
      // The depth a node is at, as a screen reader hears it (the tree's items say their aria-level).
      const level = (n: Element) => Number(n.getAttribute('aria-level'));
      const own = level(el);
      const names: string[] = [];
      for (let n = el.nextElementSibling; n && level(n) > own; n = n.nextElementSibling) {
        if (level(n) === own + 1) names.push(n.querySelector('.content-tree__name')?.textContent?.trim() ?? '');
      }
      return names;
    },
    await parent.elementHandle(),
  );
}

test('admin drags a category under another and reloads to see it kept', async ({ page }) => {
  await signIn(page, 'admin', '/setting/category');
  await expect(node(page, 'Filtros')).toBeVisible();
  expect(await childrenOf(page, node(page, 'Lunas'))).toEqual(['Parabrisas', 'Lunetas']);
  await expectNoSeriousA11yViolations(page, 'categories');

  // Drop "Filtros" onto "Lunas": it goes inside, first.
  const saved = page.waitForResponse((r) => r.url().includes('/api/incategory/organizecategories/') && r.ok());
  await node(page, 'Filtros').locator('.content-tree__name').dragTo(node(page, 'Lunas').locator('.content-tree__name'));
  await saved;
  await expect(page.getByText('Orden guardado.')).toBeVisible();
  await expect.poll(() => childrenOf(page, node(page, 'Lunas'))).toEqual(['Filtros', 'Parabrisas', 'Lunetas']);

  await page.reload();
  await expect(node(page, 'Lunas')).toBeVisible();
  expect(await childrenOf(page, node(page, 'Lunas'))).toEqual(['Filtros', 'Parabrisas', 'Lunetas']);
  expect(await childrenOf(page, node(page, 'Productos'))).toEqual(['Frenos', 'Lunas']);
  await atThreeWidths(page, 'content-categories', async () => {
    await expect(node(page, 'Filtros')).toBeVisible();
  });

  // The popup form: a new sub-category under "Filtros", named in Spanish and Portuguese; the tree shows it.
  await node(page, 'Filtros')
    .getByRole('button', { name: /Nueva subcategoría: Filtros/ })
    .click();
  await expect(page.getByTestId('category-form')).toBeVisible();
  await page.getByTestId('category-name-es').fill('Filtros de habitáculo');
  await page.getByTestId('category-add-language').click();
  await page.getByRole('menuitem', { name: 'Português' }).click();
  await page.getByTestId('category-name-pt').fill('Filtros de habitáculo');
  await page.getByTestId('category-add-language').click();
  await page.getByRole('menuitem', { name: 'Português' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Este idioma ya está añadido.' })).toBeVisible();
  await motionsDone(page);
  await windowShot(page, 'content-category-form');
  await page.locator('#category-save').click();
  await expect(node(page, 'Filtros de habitáculo')).toBeVisible();
  expect(await childrenOf(page, node(page, 'Filtros'))).toEqual(['Filtros de habitáculo']);

  // Deleting asks first; a category with children is refused with the reason.
  await node(page, 'Filtros')
    .getByRole('button', { name: /Eliminar: Filtros$/ })
    .click();
  await page.getByRole('button', { name: 'Eliminar', exact: true }).click();
  await expect(page.getByTestId('tree-refusal')).toContainText('tiene elementos dentro');
  // The first confirmation is gone (closed, not only fading out) before the second one opens.
  await expect(page.getByRole('button', { name: 'Eliminar', exact: true })).toHaveCount(0);
  await node(page, 'Filtros de habitáculo')
    .getByRole('button', { name: /Eliminar: Filtros de habitáculo/ })
    .click();
  await page.getByRole('button', { name: 'Eliminar', exact: true }).click();
  await expect(node(page, 'Filtros de habitáculo')).toHaveCount(0);
});

test('admin builds a FAQ pack, buyer finds an answer by searching the FAQ', async ({ page, browser }) => {
  await signIn(page, 'admin', '/faq/packs');
  await expect(page.getByTestId('faq-grid')).toBeVisible();
  await page.getByTestId('faq-new').click();
  await expect(page).toHaveURL(/\/faq\/new$/);
  await page.getByTestId('faq-name').fill('Baterías y arranque');

  const addResponse = async (question: string, answer: string, plainTail?: string) => {
    await page.getByTestId('faq-add-response').click();
    await page.getByTestId('faq-question-input').fill(question);
    const editor = page.getByTestId('faq-answer-content');
    await editor.fill(answer);
    if (plainTail) {
      // The rich-text toolbar: the answer in bold, then the rest typed after it in plain text.
      await editor.press('ControlOrMeta+a');
      await page.getByTestId('faq-answer-UI_Post_Bold').click();
      await expect(editor.locator('strong')).toHaveText(answer);
      await editor.press('End');
      await page.getByTestId('faq-answer-UI_Post_Bold').click();
      await editor.pressSequentially(plainTail);
      await expect(editor).toHaveText(answer + plainTail);
      await expect(editor.locator('strong')).toHaveText(answer);
      await windowShot(page, 'content-faq-response-editor');
    }
    await page.locator('#faq-response-accept').click();
    await expect(page.getByTestId('faq-response').filter({ hasText: question })).toBeVisible();
  };
  await addResponse('¿Qué garantía tienen las baterías?', 'Dos años desde la compra.');
  await addResponse('¿Tienen baterías AGM para start-stop?', 'Sí, las AGM y EFB', ' de las marcas principales.');
  // The second goes first; the list shows the order it will be saved in.
  await page.getByRole('button', { name: 'Subir: ¿Tienen baterías AGM para start-stop?' }).click();
  await expect(page.getByTestId('faq-response').first()).toContainText('AGM');
  await motionsDone(page);
  await windowShot(page, 'content-faq-new-pack');

  const saved = page.waitForResponse((r) => r.url().includes('/api/infaq/putfaqpack/0') && r.ok());
  await page.getByTestId('faq-save').click();
  const id = (await (await saved).json()).id_faqpack as number;
  await expect(page).toHaveURL(new RegExp(`/faq/details/${id}$`));
  await expect(page.getByTestId('faq-response')).toHaveCount(2);

  // Deleting a response asks first (WARN_DeleteResponse), then it is gone at once.
  await page.getByRole('button', { name: 'Eliminar: ¿Qué garantía tienen las baterías?' }).click();
  await expect(page.getByText('¿Está seguro de que desea eliminar esta respuesta?')).toBeVisible();
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByTestId('faq-response')).toHaveCount(2);
  await atThreeWidths(page, 'content-faq-pack', async () => {
    await expect(page.getByTestId('faq-pack-form')).toBeVisible();
  });

  // The buyer, in another session, opens the FAQ from the header and searches it.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await signIn(buyer, 'buyer');
  await buyer.locator('header').getByRole('button', { name: 'Preguntas frecuentes' }).click();
  await expect(buyer).toHaveURL(/\/faq\/packs$/);
  await expect(buyer.getByTestId('faq-pack').first()).toBeVisible();
  await expect(buyer.getByTestId('faq-grid')).toHaveCount(0);
  await buyer.getByTestId('faq-search').fill('bateria agm');
  await expect(buyer.getByTestId('faq-found')).toHaveText('Preguntas encontradas: 1');
  await expect(buyer.getByTestId('faq-question')).toHaveText(['¿Tienen baterías AGM para start-stop?']);
  const answer = buyer.locator('.faq-answer').filter({ hasText: 'AGM y EFB' });
  await expect(answer).toBeVisible();
  await expect(answer.locator('strong')).toHaveText('Sí, las AGM y EFB');
  await expect(answer).toHaveText('Sí, las AGM y EFB de las marcas principales.');
  await expect(answer.locator('script')).toHaveCount(0);
  await expectNoSeriousA11yViolations(buyer, 'faq search');
  await atThreeWidths(buyer, 'content-faq-search', async () => {
    await expect(answer).toBeVisible();
  });
  await buyer.getByTestId('faq-search').fill('palabra que no existe');
  await expect(buyer.getByText('Ninguna pregunta contiene lo que ha escrito.')).toBeVisible();

  // The pack's own page. A buyer never edits it, so the gallery's picker (admins' only) is never loaded.
  const scripts: string[] = [];
  buyer.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await buyer.goto(`/faq/details/${id}`);
  await expect(buyer.getByTestId('faq-pack-view')).toContainText('¿Tienen baterías AGM para start-stop?');
  expect(scripts.some((p) => p.includes('faq-detail'))).toBe(true);
  expect(scripts.filter((p) => p.includes('image-picker'))).toEqual([]);
  await buyerContext.close();
});

test('admin adds a menu to the header zone and sees it in the header; the Euskara menus are a tree of their own', async ({
  page,
}) => {
  await signIn(page, 'admin');
  // The header and footer zones' menus of the demo seed, drawn by the layout.
  await expect(page.getByTestId('zone-menu-header').getByRole('link')).toHaveText([
    'Noticias',
    'Productos',
    'Calendario',
  ]);
  await expect(page.getByTestId('zone-menu-footer')).toContainText('Sobre nosotros');

  await page.goto('/setting/menu');
  await expect(page.getByTestId('zone-header')).toBeVisible();
  await page.getByRole('button', { name: 'Nuevo menú: Cabecera' }).click();
  await page.getByTestId('menu-title').fill('Ofertas');
  await page.locator('#menu-save').click();
  await expect(page.getByTestId('menu-tree').getByText('Ofertas')).toBeVisible();
  await expect(page.getByTestId('zone-menu-header').getByRole('link')).toHaveText([
    'Noticias',
    'Productos',
    'Calendario',
    'Ofertas',
  ]);
  await expect(page.getByTestId('zone-menu-header').getByRole('link', { name: 'Ofertas' })).toHaveAttribute(
    'href',
    '/post/4',
  );
  await expectNoSeriousA11yViolations(page, 'menus');
  await atThreeWidths(page, 'content-menus', async () => {
    await expect(page.getByTestId('menu-tree')).toBeVisible();
  });

  // The Euskara menus are a tree of their own.
  await chooseOption(page, 'menu-language', 'Euskara');
  await expect(page.getByTestId('menu-tree').getByText('Albisteak').first()).toBeVisible();
});
