import { ROLES } from '@portal/contract/constants';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addFrom, call, checkoutSuite, filledLocations, webOrdersOf } from '../../test/checkout-support.ts';
import { testRows } from '../../test/rows.ts';
import { makeUser } from '../../test/users.ts';

const s = checkoutSuite();

const count = async (table: string) =>
  (await testRows<{ n: number }>(s.t.database.db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;

describe('the checkout header', () => {
  it('has one location per store, with the defaults filled in', async () => {
    await s.twoStoreCart();
    const header = (
      await call(s.t.app, s.buyer, 'GET', '/api/incheckout/getLocationsPerCurrentCartFull?lang=es')
    ).json();
    expect(header.cartlocations.map((l: { id_almacen: string }) => l.id_almacen).sort()).toEqual(['BCN01', 'MAD01']);
    const madrid = header.cartlocations.find((l: { id_almacen: string }) => l.id_almacen === 'MAD01');
    expect(madrid).toMatchObject({ ismylocation: true, dlvmode: 'RUTA', cust_ref: '', hasalternativeaddress: false });
    expect(madrid.items).toHaveLength(2);
    expect(madrid.dir).toEqual(expect.any(Number));
    expect(header.totals.lines).toBe(3);
  });

  it('refuses to start while a line has no store', async () => {
    await addFrom(s.t.app, s.buyer, s.mad[0]!.id, 'MAD01', 1);
    await s.t.database.db.execute(sql`update cart_lines set store_id = null`);
    const r = await call(s.t.app, s.buyer, 'GET', '/api/incheckout/getLocationsPerCurrentCartFull');
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('WARN_CartLocationNotFilled');
  });

  it('lists addresses, delivery modes (carriers only to a web address) and payment methods', async () => {
    const addresses = (await call(s.t.app, s.buyer, 'GET', '/api/incheckout/getaddrlist')).json();
    expect(addresses.addrlist.length).toBe(3);
    expect(addresses.selected).toBe(addresses.addrlist[0].id);
    const modes = (
      await call(s.t.app, s.buyer, 'GET', '/api/incheckout/getdlvmodeslist?inventlocation=MAD01&isAddressWeb=false')
    ).json();
    expect(modes.dlvmodes.map((m: { id: string }) => m.id)).toContain('RECOGE');
    const web = (
      await call(s.t.app, s.buyer, 'GET', '/api/incheckout/getdlvmodeslist?inventlocation=MAD01&isAddressWeb=true')
    ).json();
    expect(web.dlvmodes.map((m: { id: string }) => m.id)).not.toContain('RECOGE');
    expect(web.dlvmodes.length).toBeGreaterThan(0);
    expect(
      (await call(s.t.app, s.buyer2, 'GET', '/api/incheckout/getAddrListByCliente?id_cliente=C00001')).statusCode,
    ).toBe(404);
  });
});

describe('checkout rules (part 1 §5), enforced by the server', () => {
  const cases: [string, (l: Record<string, unknown>) => Record<string, unknown>, string, string][] = [
    ['no payment method', (l) => ({ ...l, paymentmethod: null }), 'paymentmethod', 'WARN_CheckoutERR_PAYMENT'],
    ['no customer reference', (l) => ({ ...l, cust_ref: '  ' }), 'cust_ref', 'WARN_CheckoutERR_CUSTREF'],
    ['a reference over 30', (l) => ({ ...l, cust_ref: 'x'.repeat(31) }), 'cust_ref', 'WARN_CheckoutERR_CUSTREF_LENGTH'],
    [
      'a reference with symbols',
      (l) => ({ ...l, cust_ref: 'ref; drop' }),
      'cust_ref',
      'WARN_CheckoutERR_CUSTREF_CHARACTERS',
    ],
    [
      'remarks with symbols',
      (l) => ({ ...l, web_obs: '<b>hola</b>' }),
      'web_obs',
      'WARN_CheckoutERR_WEBOBS_CHARACTERS',
    ],
    ['no delivery mode', (l) => ({ ...l, dlvmode: null }), 'dlvmode', 'WARN_CheckoutERR_DLV'],
    ['a delivery mode of no store', (l) => ({ ...l, dlvmode: 'TELEPORT' }), 'dlvmode', 'WARN_CheckoutERR_DLV'],
    ['no address', (l) => ({ ...l, dir: null }), 'dir', 'WARN_CheckoutERR_DLV_ADDR'],
    ['another client’s address', (l) => ({ ...l, dir: 999999 }), 'dir', 'WARN_CheckoutERR_DLV_ADDR'],
    [
      'a payment method the client lacks',
      (l) => ({ ...l, paymentmethod: 999 }),
      'paymentmethod',
      'WARN_CheckoutERR_PAYMENT',
    ],
    [
      'an alternative address without street',
      (l) => ({
        ...l,
        hasalternativeaddress: true,
        dlvmode: 'MENSAJ24',
        alternativeaddressdata: {
          name: 'Taller',
          address: '',
          city: 'Madrid',
          zipcode: '28001',
          countryregionid: 'ES',
        },
      }),
      'alternativeaddressdata.address',
      'WARN_CheckoutERR_DLV_CUSTOMADDR_ADDRESS',
    ],
    [
      'an alternative address over 80',
      (l) => ({
        ...l,
        hasalternativeaddress: true,
        dlvmode: 'MENSAJ24',
        alternativeaddressdata: {
          name: 'Taller',
          address: 'a'.repeat(81),
          city: 'Madrid',
          zipcode: '28001',
          countryregionid: 'ES',
        },
      }),
      'alternativeaddressdata.address',
      'WARN_CheckoutERR_DLV_CUSTOMADDR_ADDRESS',
    ],
    [
      'an alternative address without city',
      (l) => ({
        ...l,
        hasalternativeaddress: true,
        dlvmode: 'MENSAJ24',
        alternativeaddressdata: {
          name: 'Taller',
          address: 'Calle 1',
          city: '',
          zipcode: '28001',
          countryregionid: 'ES',
        },
      }),
      'alternativeaddressdata.city',
      'WARN_CheckoutERR_DLV_CUSTOMADDR_CITY',
    ],
    [
      'a zip code with symbols',
      (l) => ({
        ...l,
        hasalternativeaddress: true,
        dlvmode: 'MENSAJ24',
        alternativeaddressdata: {
          name: 'Taller',
          address: 'Calle 1',
          city: 'Madrid',
          zipcode: '28/001',
          countryregionid: 'ES',
        },
      }),
      'alternativeaddressdata.zipcode',
      'WARN_CheckoutERR_DLV_CUSTOMADDR_ZIPCODE_CHARACTERS',
    ],
    [
      'pickup to a web address',
      (l) => ({
        ...l,
        hasalternativeaddress: true,
        dlvmode: 'RECOGE',
        alternativeaddressdata: {
          name: 'Taller',
          address: 'Calle 1',
          city: 'Madrid',
          zipcode: '28001',
          countryregionid: 'ES',
        },
      }),
      'dlvmode',
      'WARN_CheckoutERR_DLV',
    ],
  ];

  it.each(cases)('refuses %s with its key, and writes nothing', async (_name, change, field, key) => {
    await addFrom(s.t.app, s.buyer, s.mad[0]!.id, 'MAD01', 1);
    const { header, locations } = await filledLocations(s.t.app, s.buyer);
    const before = await count('web_orders');
    const body = { salesTableId: header.salestableid, tarjetaId: '', cartLocations: [change(locations[0])] };
    const r = await call(s.t.app, s.buyer, 'POST', '/api/incheckout/preparecheckout?lang=es', body);
    expect(r.statusCode).toBe(400);
    expect(r.json().issues).toContainEqual({ path: `cartLocations.0.${field}`, message: key });
    const finish = await call(s.t.app, s.buyer, 'POST', '/api/incheckout/finishcheckout', body.cartLocations);
    expect(finish.statusCode).toBe(400);
    expect(await count('web_orders')).toBe(before);
    const [cart] = await testRows<{ checkout: unknown }>(
      s.t.database.db,
      sql`select checkout from carts where id = ${header.salestableid}`,
    );
    expect(cart!.checkout).toBeNull();
  });

  it('accepts a valid alternative address with a carrier', async () => {
    await addFrom(s.t.app, s.buyer, s.mad[0]!.id, 'MAD01', 1);
    const { header, locations } = await filledLocations(s.t.app, s.buyer);
    const alt = {
      name: 'Taller Norte',
      address: 'Calle de Alcalá, 200, nave 3',
      city: 'Madrid',
      zipcode: '28028',
      countryregionid: 'ES',
    };
    const body = [
      { ...locations[0], hasalternativeaddress: true, dir: null, dlvmode: 'MENSAJ24', alternativeaddressdata: alt },
    ];
    const r = await call(s.t.app, s.buyer, 'POST', '/api/incheckout/finishcheckout', body);
    expect(r.statusCode).toBe(200);
    const [order] = await testRows<{ delivery_street: string; alternative_address: boolean }>(
      s.t.database.db,
      sql`select delivery_street, alternative_address from web_orders where cart_id = ${header.salestableid}`,
    );
    expect(order).toEqual({ delivery_street: alt.address, alternative_address: true });
  });

  it('with CartFinishedOnlyByDataDefault accepts only the default address, mode and method', async () => {
    // A buyer of the seed's client C00001 (its default address, mode and method) limited to them.
    const limited = (
      await makeUser(s.t, 'plateBuyer', {
        roles: [ROLES.buy, ROLES.searchplate, ROLES.cartFinishedOnlyByDataDefault],
      })
    ).token;
    await addFrom(s.t.app, limited, s.mad[0]!.id, 'MAD01', 1);
    const { header, locations } = await filledLocations(s.t.app, limited);
    const other = { ...locations[0], dlvmode: 'RECOGE' };
    const r = await call(s.t.app, limited, 'POST', '/api/incheckout/preparecheckout', {
      salesTableId: header.salestableid,
      tarjetaId: '',
      cartLocations: [other],
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('WARN_CheckoutERR_DEFAULT_DATA_ONLY');
    const ok = await call(s.t.app, limited, 'POST', '/api/incheckout/preparecheckout', {
      salesTableId: header.salestableid,
      tarjetaId: '',
      cartLocations: locations,
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('finishing without a card', () => {
  it('makes one web order per store, empties the cart, queues the e-mails; repeating it changes nothing', async () => {
    await s.twoStoreCart();
    const { header, locations } = await filledLocations(s.t.app, s.buyer);
    const prepared = await call(s.t.app, s.buyer, 'POST', '/api/incheckout/preparecheckout?lang=es', {
      salesTableId: header.salestableid,
      tarjetaId: '',
      cartLocations: locations,
    });
    expect(prepared.json()).toMatchObject({ paymentchannel: 0, urlaction: '' });
    const mailsBefore = await count('mail_outbox');
    // A double click: two finishes at once.
    const [a, b] = await Promise.all([
      call(s.t.app, s.buyer, 'POST', '/api/incheckout/finishcheckout', locations),
      call(s.t.app, s.buyer, 'POST', '/api/incheckout/finishcheckout', locations),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    const again = await call(s.t.app, s.buyer, 'POST', '/api/incheckout/finishcheckout', locations);
    expect(again.json()).toEqual(a.json());
    const orders = await webOrdersOf(s.t, header.salestableid);
    expect(orders.map((o) => o.store_id)).toEqual(['BCN01', 'MAD01']);
    expect(orders.every((o) => o.medio_cod === 0 && !o.imported && o.retries === 0 && o.payment_id === null)).toBe(
      true,
    );
    const lines = await testRows<{ n: number }>(
      s.t.database.db,
      sql`select count(*)::int as n from web_order_lines l join web_orders o on o.id = l.web_order_id where o.cart_id = ${header.salestableid}`,
    );
    expect(lines[0]!.n).toBe(3);
    const net = orders.reduce((s, o) => s + Math.round(Number(o.net_amount) * 100), 0);
    expect(net).toBe(Math.round(header.totals.netAmount * 100));
    expect((await call(s.t.app, s.buyer, 'GET', '/api/incheckout/getcurrentcartlength')).json()).toBe(0);
    // Two stores and the customer for each order: four e-mails, delivered after the commit.
    expect((await count('mail_outbox')) - mailsBefore).toBe(4);
    await s.t.app.mailOutbox.settled();
    expect(
      s.t.mails.some((m) => m.to === 'pedidos.mad01@recambia.example' && m.subject.includes(String(orders[1]!.id))),
    ).toBe(true);
    expect(a.json().receiptUrl).toBe(`/my-cart/checkoutresult/0/${header.salestableid}`);
  });

  it('orders what the cart holds when a tab changed it after the checkout was prepared', async () => {
    const line = await addFrom(s.t.app, s.buyer, s.mad[0]!.id, 'MAD01', 1);
    const { header, locations } = await filledLocations(s.t.app, s.buyer);
    const body = { salesTableId: header.salestableid, tarjetaId: '', cartLocations: locations };
    expect((await call(s.t.app, s.buyer, 'POST', '/api/incheckout/preparecheckout', body)).statusCode).toBe(200);
    await call(s.t.app, s.buyer, 'POST', '/api/incheckout/editItemCart', { id: line.id_linea, quantity: 4 });
    expect((await call(s.t.app, s.buyer, 'POST', '/api/incheckout/finishcheckout', locations)).statusCode).toBe(200);
    const [ordered] = await testRows<{ quantity: number }>(
      s.t.database.db,
      sql`select l.quantity from web_order_lines l join web_orders o on o.id = l.web_order_id where o.cart_id = ${header.salestableid}`,
    );
    expect(ordered!.quantity).toBe(4);
  });

  it('refuses a card location without a payment', async () => {
    await addFrom(s.t.app, s.buyer, s.mad[0]!.id, 'MAD01', 1);
    const { locations } = await filledLocations(s.t.app, s.buyer, { MAD01: s.methods.card });
    const r = await call(s.t.app, s.buyer, 'POST', '/api/incheckout/finishcheckout', locations);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('WARN_PaymentNotAuthorised');
  });

  it('refuses locations that no longer match the cart (changed in another tab)', async () => {
    await addFrom(s.t.app, s.buyer, s.mad[0]!.id, 'MAD01', 1);
    const { locations } = await filledLocations(s.t.app, s.buyer);
    await addFrom(s.t.app, s.buyer, s.bcn[0]!.id, 'BCN01', 1);
    const r = await call(s.t.app, s.buyer, 'POST', '/api/incheckout/finishcheckout', locations);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('WARN_CheckoutERR_CART_CHANGED');
  });

  it('does not let another user finish or read the cart', async () => {
    await addFrom(s.t.app, s.buyer, s.mad[0]!.id, 'MAD01', 1);
    const { header, locations } = await filledLocations(s.t.app, s.buyer);
    expect((await call(s.t.app, s.buyer2, 'POST', '/api/incheckout/finishcheckout', locations)).statusCode).toBe(404);
    expect(
      (await call(s.t.app, s.buyer2, 'GET', `/api/incheckout/getLocationsPerCartIdFull?salesid=${header.salestableid}`))
        .statusCode,
    ).toBe(404);
  });
});
