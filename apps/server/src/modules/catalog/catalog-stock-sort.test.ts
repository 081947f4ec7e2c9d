import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

/** Issue 11 item 13: store names on the stock, the stock filter and the sort by price (docs/decisions/0022). */
let t: TestApp;
let buyer: string;
/** A vehicle model of the seed with between 20 and 100 fitting articles: several pages of 8, one of 100. */
let VEHICLE: string;
let MODEL: number;

beforeAll(async () => {
  t = await createTestApp();
  buyer = (await makeUser(t, 'plateBuyer')).token;
  const [model] = await testRows<{ make_id: number; model_id: number }>(
    t.database.db,
    sql`select vm.make_id, f.model_id from fitments f join vehicle_models vm on vm.id = f.model_id
         group by vm.make_id, f.model_id having count(distinct f.article_id) between 20 and 100
         order by f.model_id limit 1`,
  );
  MODEL = model!.model_id;
  VEHICLE = `marca=${model!.make_id}&modelo=${MODEL}&pageSize=100`;
});
afterAll(() => t.close());

type Record = {
  id_articulo: number;
  ref_jumasa: string;
  preciocliente: number;
  modelo_id: number | null;
  stock: { id_almacen: string; nombre: string; status: number }[];
};
const list = async (query: string, call = 'getlist') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/product/${call}?${query}`, headers: bearer(buyer) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { records: Record[]; count: number; more?: boolean };
};

describe('stock per store', () => {
  it('names each store', async () => {
    const { records } = await list('familia=24');
    const stores = await testRows<{ id: string; name: string }>(t.database.db, sql`select id, name from stores`);
    const names = new Map(stores.map((s) => [s.id, s.name]));
    expect(records[0]!.stock).toHaveLength(stores.length);
    for (const s of records[0]!.stock) expect(s.nombre).toBe(names.get(s.id_almacen));
    expect(records[0]!.stock.find((s) => s.id_almacen === 'MAD01')!.nombre).toBe('Almacén Madrid Sur');
  });
});

describe('the stock filter', () => {
  it('refuses an unknown filter or sort', async () => {
    for (const query of ['stock=mine', 'sort=cost']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/product/getlist?${query}`, headers: bearer(buyer) });
      expect(res.statusCode).toBe(400);
    }
  });

  it('"in my store" keeps the articles with units in the buyer’s home store, "in any store" those with units anywhere', async () => {
    // Two articles of the vehicle made certain: one with units only in Bilbao, one with none anywhere.
    const all = await list(VEHICLE);
    const [elsewhere, nowhere] = all.records.filter((r) => r.stock.some((s) => s.status !== 3));
    await t.database.db.execute(
      sql`delete from stock where article_id in (${elsewhere!.id_articulo}, ${nowhere!.id_articulo})`,
    );
    await t.database.db.execute(
      sql`insert into stock (article_id, store_id, quantity) values (${elsewhere!.id_articulo}, 'BIO01', 4)`,
    );

    const home = await list(`${VEHICLE}&stock=home`);
    const ids = home.records.map((r) => r.id_articulo);
    expect(ids).not.toContain(elsewhere!.id_articulo);
    expect(ids).not.toContain(nowhere!.id_articulo);
    expect(home.records.length).toBeGreaterThan(0);
    for (const r of home.records) expect(r.stock.find((s) => s.id_almacen === 'MAD01')!.status).toBe(2);
    expect(home.count).toBe(home.records.length);

    const any = await list(`${VEHICLE}&stock=any`);
    const anyIds = any.records.map((r) => r.id_articulo);
    expect(anyIds).toContain(elsewhere!.id_articulo);
    expect(anyIds).not.toContain(nowhere!.id_articulo);
    for (const r of any.records) expect(r.stock.some((s) => s.status === 2)).toBe(true);
    const [expected] = await testRows<{ n: number }>(
      t.database.db,
      sql`select count(distinct f.article_id)::int as n from fitments f join articles a on a.id = f.article_id
           where f.model_id = ${MODEL}
             and exists (select 1 from stock s where s.article_id = a.id and s.quantity > 0)`,
    );
    expect(any.count).toBe(expected!.n);
  });

  it('applies to the per-vehicle list (getlist2) as well', async () => {
    const home = await list(`${VEHICLE}&stock=home`, 'getlist2');
    expect(home.records.length).toBeGreaterThan(0);
    for (const r of home.records) expect(r.stock.find((s) => s.id_almacen === 'MAD01')!.status).toBe(2);
    const all = await list(VEHICLE, 'getlist2');
    expect(home.count).toBeLessThan(all.count);
  });
});

describe('the sort by price', () => {
  const byPrice = (dir: 1 | -1) => (a: Record, b: Record) =>
    dir * (a.preciocliente - b.preciocliente) ||
    dir * (a.ref_jumasa < b.ref_jumasa ? -1 : a.ref_jumasa > b.ref_jumasa ? 1 : 0);

  it('orders by the buyer’s net price, cheapest first or dearest first, paging through the same order', async () => {
    const all = await list(VEHICLE);
    expect(all.count).toBeGreaterThan(8);
    const ascending = [...all.records].sort(byPrice(1)).map((r) => r.id_articulo);
    expect(ascending).not.toEqual(all.records.map((r) => r.id_articulo));
    expect((await list(`${VEHICLE}&sort=price`)).records.map((r) => r.id_articulo)).toEqual(ascending);
    const descending = [...all.records].sort(byPrice(-1)).map((r) => r.id_articulo);
    expect((await list(`${VEHICLE}&sort=price&order=desc`)).records.map((r) => r.id_articulo)).toEqual(descending);
    // Pages of 8 cut the same order.
    const second = await list(`${VEHICLE.replace('&pageSize=100', '')}&sort=price&pageIndex=1`);
    expect(second.records.map((r) => r.id_articulo)).toEqual(ascending.slice(8, 16));
    expect(second.count).toBe(all.count);
  });

  it('combines with the stock filter and with the per-vehicle list', async () => {
    const both = await list(`${VEHICLE}&stock=any&sort=price`);
    const prices = both.records.map((r) => r.preciocliente);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const r of both.records) expect(r.stock.some((s) => s.status === 2)).toBe(true);
    const perVehicle = (await list(`${VEHICLE}&sort=price&order=desc`, 'getlist2')).records.map((r) => r.preciocliente);
    expect(perVehicle.length).toBeGreaterThan(8);
    expect(perVehicle).toEqual([...perVehicle].sort((a, b) => b - a));
  });

  it('counts broad searches up to 1000 and says there are more', async () => {
    const broad = await list('familia=01&sort=price');
    expect(broad).toMatchObject({ count: 1000, more: true });
    const prices = broad.records.map((r) => r.preciocliente);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });
});
