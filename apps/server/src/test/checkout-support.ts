import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../db/client.ts';
import { int } from '../db/rows.ts';
import { decodeParameters, type SignedMessage, signMessage } from '../lib/redsys.ts';
import { bearer, createTestApp, type TestApp } from './test-app.ts';
import { makeUser } from './users.ts';

/** Test helpers for cart and checkout calls (API tests only). */
export const TEST_KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';

export async function call(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Articles in stock in a store (for lines served from it), cheapest last so amounts vary. */
export async function articlesInStore(t: TestApp, store: string, n: number) {
  return queryRows(
    t.database.db,
    sql`select a.id, a.ref_jumasa from articles a join stock s on s.article_id = a.id
        where s.store_id = ${store} and s.quantity > 0 and a.stock_tracked order by a.id limit ${n}`,
    z.object({ id: int, ref_jumasa: z.string() }),
  );
}

export async function emptyCart(app: FastifyInstance, token: string) {
  const cart = (await call(app, token, 'GET', '/api/incheckout/getcurrentcart')).json();
  for (const l of cart.cartitem_views)
    await call(app, token, 'DELETE', `/api/incheckout/deletefromcurrentcart/${l.id_linea}`);
}

/** Adds an article and serves its line from the given store. */
export async function addFrom(app: FastifyInstance, token: string, articleId: number, store: string, quantity = 1) {
  const added = await call(app, token, 'POST', '/api/incheckout/addtocurrentcart', {
    id_articulo: articleId,
    quantity,
  });
  if (added.statusCode !== 200) throw new Error(`add failed: ${added.body}`);
  const line = added.json().line;
  const chosen = await call(app, token, 'POST', '/api/incheckout/setinventorylocationtrans', {
    salesid: line.id_linea,
    locationid: store,
  });
  if (chosen.statusCode !== 200) throw new Error(`store choice failed: ${chosen.body}`);
  return chosen.json().line;
}

/** The form of the checkout page, filled as a user would: defaults plus a customer reference. */
export async function filledLocations(app: FastifyInstance, token: string, pay: Record<string, number> = {}) {
  const header = (await call(app, token, 'GET', '/api/incheckout/getLocationsPerCurrentCartFull')).json();
  return {
    header,
    locations: header.cartlocations.map((l: { id_almacen: string; paymentmethod: number }) => ({
      ...l,
      cust_ref: `Ref ${l.id_almacen}`,
      paymentmethod: pay[l.id_almacen] ?? l.paymentmethod,
    })),
  };
}

export async function paymentMethodIds(app: FastifyInstance, token: string) {
  const methods = (await call(app, token, 'GET', '/api/incheckout/getPaymentMethods')).json();
  const card = methods.availablemethods.find((m: { channel: number }) => m.channel === 2).id as number;
  const cash = methods.availablemethods.find((m: { channel: number }) => m.channel === 0).id as number;
  return { card, cash };
}

/** The bank's notification for a signed request, as the sandbox page builds it. */
export function notificationFor(
  request: SignedMessage,
  response = '0000',
  override: Record<string, string> = {},
  key = TEST_KEY,
) {
  const p = decodeParameters(request.Ds_MerchantParameters);
  const order = override.Ds_Order ?? p.DS_MERCHANT_ORDER!;
  return signMessage(key, order, {
    Ds_Date: '22%2F11%2F2026',
    Ds_Hour: '10%3A00',
    Ds_Amount: p.DS_MERCHANT_AMOUNT!,
    Ds_Currency: p.DS_MERCHANT_CURRENCY!,
    Ds_Order: order,
    Ds_MerchantCode: p.DS_MERCHANT_MERCHANTCODE!,
    Ds_Terminal: '001',
    Ds_Response: response,
    Ds_AuthorisationCode: response === '0000' ? '123456' : '',
    Ds_TransactionType: '0',
    ...override,
  });
}

export const asSigned = (prepared: {
  ds_signature: string;
  ds_signatureversion: string;
  ds_merchantparameters: string;
}): SignedMessage => ({
  Ds_Signature: prepared.ds_signature,
  Ds_SignatureVersion: prepared.ds_signatureversion,
  Ds_MerchantParameters: prepared.ds_merchantparameters,
});

export async function notify(app: FastifyInstance, message: SignedMessage) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/redsys/notification',
    payload: new URLSearchParams(message).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

export async function webOrdersOf(t: TestApp, cartId: number) {
  return queryRows(
    t.database.db,
    sql`select id::int, store_id, medio_cod, imported, retries, net_amount::text, payment_id::int from web_orders
        where cart_id = ${cartId} order by store_id`,
    z.object({
      id: int,
      store_id: z.string(),
      medio_cod: int,
      imported: z.boolean(),
      retries: int,
      net_amount: z.string(),
      payment_id: int.nullable(),
    }),
  );
}

/**
 * The fixture of the checkout API tests: an app on a fresh database with the demo data, `buyer` (client C00001)
 * and `buyer2` (C00002) signed in (users of its own with the demo's roles, issue 24), the card and cash payment
 * method ids, articles in stock in Madrid and (others) in Barcelona, and the buyer's cart emptied before each
 * test. The fields are set once the file's `beforeAll` has run. `env` is the app's configuration (default:
 * `PUBLIC_URL=http://portal.test`).
 */
export function checkoutSuite(env: Record<string, string> = { PUBLIC_URL: 'http://portal.test' }) {
  const s = {
    t: undefined as unknown as TestApp,
    buyer: '',
    /** The buyer's user name (the web orders' and the ERP events' USERNAME). */
    buyerName: '',
    buyer2: '',
    methods: { card: 0, cash: 0 },
    mad: [] as { id: number }[],
    bcn: [] as { id: number }[],
    /** A cart with lines from Madrid and Barcelona. */
    async twoStoreCart() {
      await addFrom(s.t.app, s.buyer, s.mad[0]!.id, 'MAD01', 2);
      await addFrom(s.t.app, s.buyer, s.mad[1]!.id, 'MAD01', 1);
      await addFrom(s.t.app, s.buyer, s.bcn[0]!.id, 'BCN01', 3);
    },
    /** The two-store cart with Madrid paid by card and Barcelona cash, prepared: its header and the card request. */
    async preparedCardCheckout() {
      await s.twoStoreCart();
      const { header, locations } = await filledLocations(s.t.app, s.buyer, {
        MAD01: s.methods.card,
        BCN01: s.methods.cash,
      });
      const r = await call(s.t.app, s.buyer, 'POST', '/api/incheckout/preparecheckout?lang=es', {
        salesTableId: header.salestableid,
        tarjetaId: '',
        cartLocations: locations,
      });
      if (r.statusCode !== 200) throw new Error(`preparecheckout failed: ${r.statusCode} ${r.body}`);
      return { header, locations, prepared: r.json() };
    },
  };
  beforeAll(async () => {
    s.t = await createTestApp(env);
    ({ token: s.buyer, username: s.buyerName } = await makeUser(s.t, 'plateBuyer'));
    s.buyer2 = (await makeUser(s.t, 'buyer', { client: 'C00002' })).token;
    s.methods = await paymentMethodIds(s.t.app, s.buyer);
    s.mad = await articlesInStore(s.t, 'MAD01', 3);
    s.bcn = (await articlesInStore(s.t, 'BCN01', 20)).filter((a) => !s.mad.some((m) => m.id === a.id)).slice(0, 3);
  });
  afterAll(() => s.t.close());
  beforeEach(async () => {
    await emptyCart(s.t.app, s.buyer);
  });
  return s;
}
