import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeParameters, signMessage } from '../lib/redsys.ts';
import { asSigned, call, checkoutSuite, filledLocations, TEST_KEY, webOrdersOf } from '../test/checkout-support.ts';
import { testRows } from '../test/rows.ts';

/**
 * No URL the portal writes or calls comes from the request's Host (decision 0015). The app has no PUBLIC_URL,
 * so the base of its URLs is a WEB_CONTEXT_HOSTS name the request came to, else its listen address (port 3000).
 */
const s = checkoutSuite({ WEB_CONTEXT_HOSTS: 'pecaslus.example=1' });
const OWN = 'http://localhost:3000';

/** A listener that counts what reaches it: where a server-side request forgery would land. */
const spy = { server: http.createServer(), hits: [] as string[], host: '' };
beforeAll(async () => {
  spy.server.on('request', (request, response) => {
    spy.hits.push(`${request.method} ${request.url}`);
    response.end('OK');
  });
  await new Promise<void>((resolve) => spy.server.listen(0, '127.0.0.1', resolve));
  spy.host = `127.0.0.1:${(spy.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => spy.server.close(() => resolve())));

const register = (userName: string, host: string, ip: string) =>
  s.t.app.inject({
    method: 'POST',
    url: '/api/account/register',
    headers: { host },
    remoteAddress: ip,
    payload: {
      userName,
      password: 'Frenos-Discos-2026',
      confirmPassword: 'Frenos-Discos-2026',
      terms: true,
      workzone: 'Z0002',
    },
  });

describe('the registration e-mail', () => {
  it('links to the listen address whatever Host the caller sends', async () => {
    for (const [index, host] of ['evil.example', `${spy.host}/internal/admin?x=`, 'evil.example:3000'].entries()) {
      const userName = `host${index}@correo.example`;
      expect((await register(userName, host, `10.8.0.${index}`)).statusCode).toBe(200);
      // The registration answers first; its mail leaves through the outbox.
      await s.t.app.mailOutbox.settled();
      const mail = s.t.mails.find((m) => m.to === userName)!;
      expect(mail.text).toMatch(new RegExp(`${OWN}/registerconfirm/[\\w-]+/[\\w-]+`));
      expect(mail.text).not.toContain('evil');
      expect(mail.html).not.toContain('evil');
      expect(mail.text).not.toContain(spy.host);
    }
  });

  it('links to a configured host name the request came to, with the port only when it is the listen port', async () => {
    const cases = [
      ['pecaslus.example', 'http://pecaslus.example/registerconfirm/'],
      ['PecasLus.example:3000', 'http://pecaslus.example:3000/registerconfirm/'],
      ['pecaslus.example:6379', 'http://pecaslus.example/registerconfirm/'],
    ] as const;
    for (const [index, [host, link]] of cases.entries()) {
      const userName = `mapped${index}@correo.example`;
      expect((await register(userName, host, `10.8.1.${index}`)).statusCode).toBe(200);
      await s.t.app.mailOutbox.settled();
      expect(s.t.mails.find((m) => m.to === userName)!.text).toContain(link);
    }
  });
});

describe('the card payment with a hostile Host', () => {
  /** Madrid by card, Barcelona cash, prepared with the given Host. */
  async function prepareCard(host: string) {
    await s.twoStoreCart();
    const { header, locations } = await filledLocations(s.t.app, s.buyer, {
      MAD01: s.methods.card,
      BCN01: s.methods.cash,
    });
    const r = await s.t.app.inject({
      method: 'POST',
      url: '/api/incheckout/preparecheckout?lang=es',
      headers: { host, authorization: `Bearer ${s.buyer}` },
      payload: { salesTableId: header.salestableid, tarjetaId: '', cartLocations: locations },
    });
    expect(r.statusCode).toBe(200);
    return { header, prepared: r.json() };
  }

  it('signs a request whose payment page and merchant URLs are the portal’s own', async () => {
    const { prepared } = await prepareCard(`${spy.host}/internal/admin?x=`);
    // The sandbox's page is the portal's own: its path, posted to at the host the browser is on.
    expect(prepared.urlaction).toBe('/sandbox/redsys/realizarPago');
    const p = decodeParameters(prepared.ds_merchantparameters);
    expect(p.DS_MERCHANT_MERCHANTURL).toBe(`${OWN}/api/payments/redsys/notification`);
    expect(p.DS_MERCHANT_URLOK).toBe(`${OWN}/api/payments/redsys/return/${prepared.tarjetaid}/ok`);
    expect(p.DS_MERCHANT_URLKO).toBe(`${OWN}/api/payments/redsys/return/${prepared.tarjetaid}/ko`);
    expect(spy.hits).toEqual([]);
  });

  it('“Autorizar pago” notifies in process and returns to the portal, whatever the Host and merchant URL say', async () => {
    const { header, prepared } = await prepareCard(`${spy.host}/internal/admin?x=`);
    // The sandbox key is public: anyone can sign a request naming any merchant and return URL.
    const p = decodeParameters(prepared.ds_merchantparameters);
    const forged = signMessage(TEST_KEY, prepared.tarjetaid, {
      ...p,
      DS_MERCHANT_MERCHANTURL: `http://${spy.host}/internal/admin`,
      DS_MERCHANT_URLOK: 'http://evil.example/ok',
      DS_MERCHANT_URLKO: 'http://evil.example/ko',
    });
    expect(forged.Ds_MerchantParameters).not.toBe(asSigned(prepared).Ds_MerchantParameters);
    const decided = await s.t.app.inject({
      method: 'POST',
      url: '/sandbox/redsys/decide',
      payload: new URLSearchParams({ ...forged, decision: 'approve' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: `${spy.host}/internal/admin?x=` },
    });
    expect(spy.hits).toEqual([]);
    expect(decided.statusCode).toBe(303);
    // A path: the browser stays on the origin it is on, and nothing of the Host is written.
    expect(decided.headers.location).toMatch(
      new RegExp(`^/api/payments/redsys/return/${prepared.tarjetaid}/ok\\?Ds_SignatureVersion=HMAC_SHA256_V1&`),
    );
    // The notification reached the portal itself before the browser was sent back.
    expect(await webOrdersOf(s.t, header.salestableid)).toHaveLength(2);
    const log = await testRows<{ source: string; outcome: string }>(
      s.t.database.db,
      sql`select source, outcome from payment_notifications where order_number = ${prepared.tarjetaid} order by id`,
    );
    expect(log).toEqual([{ source: 'notification', outcome: 'authorised' }]);
    expect((await call(s.t.app, s.buyer, 'GET', '/api/incheckout/getcurrentcartlength')).json()).toBe(0);
  });
});
