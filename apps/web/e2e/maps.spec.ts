import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  atThreeWidths,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  motionsDone,
  REPO_ROOT,
  signIn,
  topShot,
  windowShot,
} from './support';

/** The demo seed: a point per store (8) and three other points. */
const SEEDED_POINTS = 11;
const TILE = fs.readFileSync(path.join(REPO_ROOT, 'apps/web/e2e/fixtures/map-tile.png'));

/**
 * The default tile server (OpenStreetMap, allowed by the CSP) answered by a local image: no network in tests.
 * Returns the number of tiles served so far.
 */
async function serveLocalTiles(page: Page): Promise<() => number> {
  let served = 0;
  await page.route('https://tile.openstreetmap.org/**', (route) => {
    served++;
    return route.fulfill({ status: 200, contentType: 'image/png', body: TILE });
  });
  return () => served;
}

const markers = (page: Page) => page.locator('.leaflet-marker-icon');
const marker = (page: Page, name: string) => page.locator(`.leaflet-marker-icon[title="${name}"]`);
const popup = (page: Page) => page.locator('.leaflet-popup').getByTestId('map-popup');

test('a buyer finds a store in the list, clicks its marker and reads its popup', async ({ page }) => {
  const tiles = await serveLocalTiles(page);
  await signIn(page, 'buyer', '/maps');
  await expect(markers(page)).toHaveCount(SEEDED_POINTS);
  await expect(page.getByTestId('map-list-point')).toHaveCount(SEEDED_POINTS);
  // The street map with its attribution, zoom 15 at the default centre.
  await expect(page.locator('.leaflet-control-attribution')).toContainText('© OpenStreetMap contributors');
  await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible();
  expect(tiles()).toBeGreaterThan(0);

  // Find the store by name (accents ignored), then choose it with the keyboard.
  await page.getByTestId('map-filter').fill('almacen valen');
  await expect(page.getByTestId('map-list-point')).toHaveCount(1);
  const item = page.getByTestId('map-list-point').filter({ hasText: 'Almacén Valencia' });
  await item.focus();
  await page.keyboard.press('Enter');
  await expect(popup(page)).toContainText('Almacén Valencia');
  await expect(item).toHaveAttribute('aria-pressed', 'true');

  // Close the popup, then click the store's marker, now in view.
  await page.locator('.leaflet-popup-close-button').click();
  await expect(popup(page)).toHaveCount(0);
  await marker(page, 'Almacén Valencia').click();
  const storePopup = popup(page);
  await expect(storePopup.getByRole('heading', { name: 'Almacén Valencia' })).toBeVisible();
  await expect(storePopup).toContainText('Recogida de pedidos y mostrador profesional en Valencia.');
  await expect(storePopup).toContainText('Dirección');
  await expect(storePopup).toContainText(/46\d{3} Valencia \(Valencia\)/);
  await expect(storePopup).toContainText('Teléfono');
  await expect(storePopup.getByRole('link', { name: /^\+34 9/ })).toBeVisible();
  await expect(storePopup).toContainText('Horario');
  await expect(storePopup).toContainText(/L-V \d/);
  await expectNoSeriousA11yViolations(page, 'maps');

  await atThreeWidths(page, 'maps-buyer', async () => {
    await expect(popup(page)).toBeVisible();
    // Beside the map on a desktop, below it on narrower screens.
    const map = await page.locator('.maps-map').boundingBox();
    const list = await page.locator('.maps-list').boundingBox();
    if (!map || !list) throw new Error('map or list not laid out');
    const width = page.viewportSize()!.width;
    if (width > 979) expect(list.x).toBeGreaterThanOrEqual(map.x + map.width);
    else expect(list.y).toBeGreaterThanOrEqual(map.y + map.height);
    await expectNoSidewaysScroll(page);
  });

  // Context 0 draws Leaflet's pin (bundled image); the map types and colour styles are in the layer control.
  await expect(page.locator('.leaflet-marker-icon.map-pin')).toHaveCount(SEEDED_POINTS);
  // Bundled with the app (Vite inlines the small image): never fetched from a CDN.
  await expect(page.locator('.leaflet-marker-icon').first()).toHaveAttribute(
    'src',
    /^(data:image\/png;base64,|\/assets\/marker-icon-)/,
  );
  await page.locator('.leaflet-control-layers').hover();
  await expect(page.locator('.leaflet-control-layers-base label')).toHaveText([
    'Callejero',
    'Callejero en gris',
    'Callejero nocturno',
    'Callejero sepia',
  ]);
  await page.getByLabel('Callejero en gris').check();
  await expect(page.locator('.leaflet-layer.map-tiles--grey')).toHaveCount(1);
  await expect(page.locator('.leaflet-layer:not(.map-tiles--grey)')).toHaveCount(0);
});

test('web context 2 draws its own marker variant', async ({ page }) => {
  await serveLocalTiles(page);
  // The host of context 2: its page as such a host serves it, the context in its meta element (the server's part is
  // tested in plugins.test.ts; decision 0087).
  await page.route(/\/maps$/, async (route) => {
    const response = await route.fetch();
    const context = JSON.stringify({ webcontext: 2, demo: true }).replace(/"/g, '&quot;');
    const html = (await response.text()).replace(/(name="portal-web-context" content=")[^"]*"/, `$1${context}"`);
    expect(html).toContain(`content="${context}"`);
    await route.fulfill({ response, body: html });
  });
  await signIn(page, 'buyer', '/maps');
  await expect(page.locator('.leaflet-marker-icon.map-badge')).toHaveCount(SEEDED_POINTS);
  await expect(page.locator('.leaflet-marker-icon.map-pin')).toHaveCount(0);
  await marker(page, 'Oficinas centrales').click();
  await expect(popup(page)).toContainText('Oficinas centrales');
  await expectNoSeriousA11yViolations(page, 'maps-context2');
  await topShot(page, 'maps-context2-1280');
});

test('with no tile server reachable, the markers and the list are still there', async ({ page }) => {
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
  await signIn(page, 'buyer', '/maps');
  await expect(page.getByTestId('map-tiles-failed')).toBeVisible();
  await expect(markers(page)).toHaveCount(SEEDED_POINTS);
  await expect(page.getByTestId('map-list-point')).toHaveCount(SEEDED_POINTS);
  await page.getByTestId('map-list-point').filter({ hasText: 'Oficinas centrales' }).click();
  await expect(popup(page)).toContainText('Administración, atención a clientes y formación.');
  // A buyer reads only: no editing.
  await expect(page.getByTestId('map-new-point')).toHaveCount(0);
  await expect(page.getByTestId('map-edit-point')).toHaveCount(0);
});

test('an admin creates a point in two languages with a comma coordinate, then deletes it', async ({ page }) => {
  await serveLocalTiles(page);
  await signIn(page, 'admin', '/maps');
  await expect(markers(page)).toHaveCount(SEEDED_POINTS);

  await page.getByTestId('map-new-point').click();
  const form = page.getByTestId('map-point-form');
  await expect(form).toBeVisible();

  // Coordinates are required.
  await page.getByTestId('map-name-es').fill('Punto de prueba E2E');
  await page.getByTestId('map-save').click();
  await expect(form.getByText('Faltan datos: la latitud y la longitud son obligatorias.')).toHaveCount(2);

  // The last language cannot be removed.
  // The remove button sits above the tabs (not in the tab list), named by the language it removes.
  await form.getByRole('button', { name: 'Quitar este idioma: Español' }).click();
  await expect(page.getByTestId('map-language-warning')).toHaveText('Debe existir por lo menos un idioma');
  await expect(form.getByRole('tab')).toHaveCount(1);

  // A second language; the same language twice is refused.
  await page.getByTestId('map-add-language').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.getByTestId('map-name-en').fill('E2E test point');
  await page.getByTestId('map-description-en').fill('Made by the journey');
  await page.getByTestId('map-add-language').click();
  await page.getByRole('menuitem', { name: 'Español' }).click();
  await expect(page.getByTestId('map-language-warning')).toHaveText('Este idioma ya está añadido');
  await expect(form.getByRole('tab')).toHaveCount(2);

  await page.getByTestId('map-latitude').fill('40,4191');
  await page.getByTestId('map-longitude').fill('-3,6995');
  await motionsDone(page);
  await windowShot(page, 'maps-admin-editor');
  await page.getByTestId('map-save').click();
  await expect(page.getByText('Elemento guardado con éxito.')).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(markers(page)).toHaveCount(SEEDED_POINTS + 1);
  await expect(marker(page, 'Punto de prueba E2E')).toBeVisible();
  await expect(popup(page)).toContainText('Punto de prueba E2E');
  await expectNoSeriousA11yViolations(page, 'maps-admin');
  await atThreeWidths(page, 'maps-admin');

  // The comma coordinates were read as dots: the saved point sits where it was typed.
  const saved = await page.evaluate(async () => {
    const auth = JSON.parse(localStorage.getItem('authorizationData') ?? '{}');
    const res = await fetch('/api/inmap/getmaps/?cod_idioma=en', {
      headers: { Authorization: `Bearer ${auth.token}` },
    });
    return (await res.json()) as { nombre: string; latitude: number; longitude: number }[];
  });
  expect(saved.find((p) => p.nombre === 'E2E test point')).toMatchObject({ latitude: 40.4191, longitude: -3.6995 });

  // Delete after the confirmation.
  await page.getByRole('button', { name: 'Editar Punto de prueba E2E' }).click();
  await expect(page.getByTestId('map-name-es')).toHaveValue('Punto de prueba E2E');
  await page.getByTestId('map-delete').click();
  const confirm = page.getByRole('tooltip').filter({ hasText: '¿Está seguro de que desea eliminar este elemento?' });
  await expect(confirm).toContainText('¿Está seguro de que desea eliminar este elemento?');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Eliminado correctamente.')).toBeVisible();
  await expect(markers(page)).toHaveCount(SEEDED_POINTS);
  await expect(marker(page, 'Punto de prueba E2E')).toHaveCount(0);
});
