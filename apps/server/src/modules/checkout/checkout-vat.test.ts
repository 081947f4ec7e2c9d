import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { decodeParameters } from '../../lib/redsys.ts';
import { asSigned, call, checkoutSuite, notificationFor, notify } from '../../test/checkout-support.ts';
import { testRows } from '../../test/rows.ts';

/** VAT at checkout (decision 0019): base, VAT and total per store; a card charges the total. */
const s = checkoutSuite();

type Treatment = { country: string; vat_rate_bp: number; vat_exempt_reason: string | null };
const treatmentOf = async (account: string) =>
  (
    await testRows<Treatment>(
      s.t.database.db,
      sql`select country, vat_rate_bp, vat_exempt_reason from clients where accountnum = ${account}`,
    )
  )[0]!;

/** The buyer's client (C00001) takes the tax treatment the seed gave another client. */
async function buyerTreatedAs(account: string) {
  const t = await treatmentOf(account);
  await s.t.database.db.execute(
    sql`update clients set country = ${t.country}, vat_rate_bp = ${t.vat_rate_bp},
          vat_exempt_reason = ${t.vat_exempt_reason} where accountnum = 'C00001'`,
  );
  return t;
}

const cents = (euros: number) => Math.round(euros * 100);

/** Madrid by card, Barcelona cash: the header, and the prepared card request. */
async function prepared() {
  const { header, locations, prepared } = await s.preparedCardCheckout();
  const at = (id: string) => header.cartlocations.find((l: { id_almacen: string }) => l.id_almacen === id);
  return { header, locations, prepared, madrid: at('MAD01'), barcelona: at('BCN01') };
}

/** Base × rate rounded half up to the cent, from the base in cents. */
const expectedVat = (baseCents: number, bp: number) => Math.floor((baseCents * bp + 5000) / 10000);

describe('the seed gives each client a tax treatment', () => {
  it('Spanish demo clients 21 %, Portuguese 23 %, French 20 %, one intra-community client exempt', async () => {
    expect(await treatmentOf('C00001')).toEqual({ country: 'ES', vat_rate_bp: 2100, vat_exempt_reason: null });
    expect(await treatmentOf('C00002')).toEqual({ country: 'ES', vat_rate_bp: 2100, vat_exempt_reason: null });
    expect(await treatmentOf('C00003')).toEqual({ country: 'PT', vat_rate_bp: 2300, vat_exempt_reason: null });
    expect(await treatmentOf('C00004')).toEqual({ country: 'FR', vat_rate_bp: 2000, vat_exempt_reason: null });
    const exempt = await testRows<{ accountnum: string; vat_rate_bp: number; vat_exempt_reason: string }>(
      s.t.database.db,
      sql`select accountnum, vat_rate_bp, vat_exempt_reason from clients where vat_exempt_reason is not null`,
    );
    expect(exempt).toEqual([
      { accountnum: 'C00005', vat_rate_bp: 0, vat_exempt_reason: expect.stringContaining('intracomunitaria') },
    ]);
  });

  it('refuses an exemption with a rate, and a rate outside 0–100 %', async () => {
    const set = (bp: number, reason: string | null) =>
      s.t.database.db.execute(
        sql`update clients set vat_rate_bp = ${bp}, vat_exempt_reason = ${reason} where accountnum = 'C00002'`,
      );
    // Exempt at 0 % and back to 21 % are accepted.
    await set(0, 'Entrega intracomunitaria');
    await set(2100, null);
    await expect(set(2100, 'x')).rejects.toThrow();
    await expect(set(10001, null)).rejects.toThrow();
    await expect(set(-1, null)).rejects.toThrow();
  });
});

describe.each([
  ['a Spanish client', 'C00001', 2100],
  ['a Portuguese client', 'C00003', 2300],
  ['the intra-community client, exempt', 'C00005', 0],
])('checking out as %s', (_name, account, bp) => {
  it('shows base, VAT and total per store, charges the card store’s total, and orders and prints the same', async () => {
    const treatment = await buyerTreatedAs(account);
    expect(treatment.vat_rate_bp).toBe(bp);
    const { header, locations, prepared: p, madrid, barcelona } = await prepared();
    for (const l of [madrid, barcelona]) {
      expect(l.vatRate).toBe(bp / 100);
      expect(cents(l.vatAmount)).toBe(expectedVat(cents(l.netAmount), bp));
      expect(cents(l.totalAmount)).toBe(cents(l.netAmount) + cents(l.vatAmount));
    }
    expect(cents(header.vatAmount)).toBe(cents(madrid.vatAmount) + cents(barcelona.vatAmount));
    expect(cents(header.totalAmount)).toBe(cents(header.totals.netAmount) + cents(header.vatAmount));
    expect(header.vatExemptReason).toBe(treatment.vat_exempt_reason);

    // The card charges Madrid's total, VAT included; the payment page is told base, VAT and total.
    const params = decodeParameters(p.ds_merchantparameters);
    expect(params.DS_MERCHANT_AMOUNT).toBe(String(cents(madrid.totalAmount)));
    expect(cents(p.amount)).toBe(cents(madrid.totalAmount));
    const money = (n: number) => n.toLocaleString('es-ES', { minimumFractionDigits: 2 });
    expect(params.DS_MERCHANT_PRODUCTDESCRIPTION).toBe(
      `MAD01: base ${money(madrid.netAmount)}, IVA ${money(madrid.vatAmount)}, total ${money(madrid.totalAmount)} EUR`,
    );

    await notify(s.t.app, notificationFor(asSigned(p)));
    const finish = (await call(s.t.app, s.buyer, 'POST', '/api/incheckout/finishcheckout', locations)).json();
    const orders = await testRows<{ store_id: string; net: number; vat: number; total: number; bp: number }>(
      s.t.database.db,
      sql`select store_id, (net_amount * 100)::int as net, (vat_amount * 100)::int as vat,
                 (total_amount * 100)::int as total, vat_rate_bp as bp
            from web_orders where cart_id = ${header.salestableid} order by store_id`,
    );
    expect(orders).toEqual([
      {
        store_id: 'BCN01',
        net: cents(barcelona.netAmount),
        vat: cents(barcelona.vatAmount),
        total: cents(barcelona.totalAmount),
        bp,
      },
      {
        store_id: 'MAD01',
        net: cents(madrid.netAmount),
        vat: cents(madrid.vatAmount),
        total: cents(madrid.totalAmount),
        bp,
      },
    ]);
    const madridOrder = finish.weborders.find((o: { id_almacen: string }) => o.id_almacen === 'MAD01');
    expect(madridOrder).toMatchObject({ vatAmount: madrid.vatAmount, totalAmount: madrid.totalAmount });

    const r = await call(s.t.app, s.buyer, 'GET', `/api/incheckout/receipt/${finish.tarjetaid}/${header.salestableid}`);
    const parser = new PDFParse({ data: new Uint8Array(r.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    const pdfMoney = (n: number) =>
      `${n.toLocaleString('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;
    expect(text).toContain(`IVA ${bp / 100} %`);
    expect(text).toContain(`Base imponible ${pdfMoney(madrid.netAmount)}`);
    expect(text).toContain(`Total del almacén (IVA incluido) ${pdfMoney(madrid.totalAmount)}`);
    expect(text).toContain(`Total (IVA incluido): ${pdfMoney(header.totalAmount)}`);
    expect(text).not.toContain('IVA no incluido');
    expect(text.includes(`Exento de IVA: ${treatment.vat_exempt_reason}`)).toBe(bp === 0);
  });
});
