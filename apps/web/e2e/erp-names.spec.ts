import { expect, type Page, test } from '@playwright/test';
import {
  addToCart,
  atThreeWidths,
  bearer,
  clearCart,
  expectNoSeriousA11yViolations,
  motionsDone,
  onlyGridRow,
  signIn,
} from './support';

/**
 * Names that come from the ERP, per language (issue 25 "Languages"; decision 0091): an admin gives the buyer's home
 * store, a delivery mode and a payment method an English name; a buyer reading English sees them at checkout, and the
 * ERP's names stay for the languages without one.
 */

const ARTICLE = 'BOS.159-1016';
const HOME = { id: 'MAD01', erp: 'Almacén Madrid Sur', en: 'Madrid South warehouse' };
const MODE = { id: 'RUTA', erp: 'Reparto en ruta propia', en: 'Our van, to your door' };
const METHOD = { erp: 'Recibo domiciliado a 30 días', en: 'Direct debit at 30 days (monthly)' };

/** The admin's token, to put the names back as the demo has them once the journey is over. */
let adminHeaders: Record<string, string> = {};
let methodId = 0;

const methodIdByName = async (page: Page, name: string) =>
  (await onlyGridRow<{ Id_Tarjeta: number }>(page, '/api/inpaymentmethod/GetPaymentMethodJqGrid', 'Nombre', name))
    .Id_Tarjeta;

test.afterAll(async ({ request }) => {
  if (!adminHeaders.Authorization) return;
  const store = await (await request.get(`/api/instock/getstock/${HOME.id}`, { headers: adminHeaders })).json();
  await request.post('/api/instock/putstock', { headers: adminHeaders, data: { ...store, NAMES: {} } });
  await request.post('/api/instock/putdlvmodenames', {
    headers: adminHeaders,
    data: {
      DLVMODE: MODE.id,
      NAMES: { pt: 'Entrega na nossa rota', en: 'Our own delivery route', fr: 'Livraison par notre tournée' },
    },
  });
  if (methodId) {
    const m = await (
      await request.get(`/api/inpaymentmethod/getpaymentmethod/${methodId}`, { headers: adminHeaders })
    ).json();
    await request.post('/api/inpaymentmethod/putpaymentmethod', {
      headers: adminHeaders,
      data: {
        ...m,
        NAMES: { pt: 'Débito direto a 30 dias', en: 'Direct debit at 30 days', fr: 'Prélèvement à 30 jours' },
      },
    });
  }
});

test('an admin names a store, a delivery mode and a payment method in English; an English reader sees them at checkout', async ({
  page,
}) => {
  await signIn(page, 'admin', '/setting/stock');
  adminHeaders = await bearer(page);

  // The delivery modes, under the stores: each with its ERP name and the names admins gave it.
  const ruta = page.getByTestId(`dlv-mode-${MODE.id}`);
  await expect(ruta).toContainText(MODE.erp);
  await expect(ruta).toContainText('Our own delivery route');
  await ruta.getByTestId(`dlv-mode-edit-${MODE.id}`).click();
  const dialog = page.getByRole('dialog', { name: `Nombres de ${MODE.erp}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('dlv-mode-names-es')).toHaveAttribute('placeholder', MODE.erp);
  await motionsDone(page);
  await expectNoSeriousA11yViolations(page, 'delivery mode names dialog', dialog);
  await dialog.getByTestId('dlv-mode-names-en').fill(MODE.en);
  await atThreeWidths(page, 'erp-names-dlv-mode-dialog');
  const savedMode = page.waitForResponse((r) => r.url().includes('/api/instock/putdlvmodenames') && r.ok());
  await page.getByTestId('dlv-mode-save').click();
  await savedMode;
  await expect(dialog).toBeHidden();
  await expect(ruta).toContainText(MODE.en);
  await expectNoSeriousA11yViolations(page, 'stores with delivery modes');
  await atThreeWidths(page, 'erp-names-stores');

  // The buyer's home store: its names by language under its e-mails, the ERP name as each field's placeholder.
  await page.goto(`/setting/stock/${HOME.id}`);
  const storeNames = page.getByRole('group', { name: 'Nombre por idioma' });
  await expect(storeNames).toHaveAttribute('data-testid', 'store-names');
  await expect(storeNames.getByTestId('store-names-en')).toHaveAttribute('placeholder', HOME.erp);
  await storeNames.getByTestId('store-names-en').fill(HOME.en);
  await expectNoSeriousA11yViolations(page, 'store with names by language');
  await atThreeWidths(page, 'erp-names-store');
  const savedStore = page.waitForResponse((r) => r.url().includes('/api/instock/putstock') && r.ok());
  await page.getByTestId('store-save').click();
  await savedStore;

  // The client's default payment method.
  methodId = await methodIdByName(page, METHOD.erp);
  await page.goto(`/setting/paymentmethod/${methodId}`);
  const methodNames = page.getByTestId('payment-method-names');
  await expect(methodNames.getByTestId('payment-method-names-en')).toHaveValue('Direct debit at 30 days');
  await methodNames.getByTestId('payment-method-names-en').fill(METHOD.en);
  await expectNoSeriousA11yViolations(page, 'payment method with names by language');
  await atThreeWidths(page, 'erp-names-payment-method');
  const savedMethod = page.waitForResponse((r) => r.url().includes('/api/inpaymentmethod/putpaymentmethod') && r.ok());
  await page.getByTestId('payment-method-save').click();
  await savedMethod;

  // A buyer reading English: the checkout names the store, the mode and the method as the admin wrote them.
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  await signIn(page, 'buyer', '/dashboard');
  await clearCart(page);
  await addToCart(page, ARTICLE);
  await page.goto('/my-cart/checkout');
  const location = page.getByTestId('checkout-location').first();
  await expect(location.getByTestId('location-name')).toHaveText(HOME.en);
  await expect(location.getByTestId('dlvmode-select')).toContainText(MODE.en);
  await expect(location.getByTestId('payment-select')).toContainText(METHOD.en);
  await expectNoSeriousA11yViolations(page, 'checkout in English');
  await atThreeWidths(page, 'erp-names-checkout-en');

  // Back in Spanish, the same checkout reads the ERP's names again.
  await page.getByTestId('language-select').click();
  await page.getByRole('option', { name: 'Español' }).click();
  await expect(location.getByTestId('location-name')).toHaveText(HOME.erp);
  await expect(location.getByTestId('dlvmode-select')).toContainText(MODE.erp);
  await expect(location.getByTestId('payment-select')).toContainText(METHOD.erp);
  await clearCart(page);
});
