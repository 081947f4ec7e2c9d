import { normalizeCode, normalizeReference, searchWords } from '@portal/contract/catalog';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Property: for generated catalogues and random searches, getlist answers exactly what a plain in-memory
 * filter of the same data answers (records, order, count, paging).
 */
type Art = {
  id: number;
  ref: string;
  family: string;
  description: string;
  novelty: boolean;
  offer: boolean;
  eurocode: string | null;
  oem: string[];
  fitments: { make: number; model: number; engine: number | null }[];
};

const MODELS = [
  { id: 1, make: 1, engines: [1, 2] },
  { id: 2, make: 1, engines: [3] },
  { id: 3, make: 2, engines: [4, 5] },
];
const FAMILIES = ['01', '27', '28'] as const;
const WORDS = ['Filtro', 'aceite', 'Bujía', 'freno', '50%', 'tipo_a', 'luna', 'Disco'];

const articleArb = fc.record({
  ref: fc
    .array(fc.constantFrom('A', 'B', 'x', '1', '2', '7', '.', '-', ' '), { minLength: 3, maxLength: 9 })
    .map((c) => `R${c.join('')}`),
  family: fc.constantFrom(...FAMILIES),
  description: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
  novelty: fc.boolean(),
  offer: fc.boolean(),
  eurocode: fc.option(fc.constantFrom('1005AGN', '1005BGS', '2040AGNV', '2040L'), { nil: null }),
  oem: fc.uniqueArray(fc.constantFrom('1K0 615 301', '5Q0-698-151', 'A1234', 'A12'), { maxLength: 2 }),
  fitments: fc.uniqueArray(
    fc.constantFrom(
      ...MODELS.flatMap((m) => [null, ...m.engines].map((engine) => ({ make: m.make, model: m.id, engine }))),
    ),
    { maxLength: 3 },
  ),
});

/** Each search combines zero to two filters, so that results are rarely empty. */
const FILTERS: Record<string, fc.Arbitrary<unknown>> = {
  familia: fc.constantFrom(...FAMILIES),
  novelty: fc.constant(true),
  offer: fc.constant(true),
  filter: fc
    .array(fc.constantFrom('filtro', 'ACEITE', 'bují', '50%', 'tipo_', 'x', 'r'), { minLength: 1, maxLength: 2 })
    .map((w) => w.join(' ')),
  searchbyreference: fc.constantFrom('RAB12', 'r-a.b 1 2', 'R7777', 'RxxXX', 'RA.B-12'),
  manufacturerrefOEM: fc.constantFrom('1k0615301', '5Q0698151', 'A12', 'NOPE'),
  manufacturerrefEUROCODE: fc.constantFrom('1005', '2040AGN', '9'),
  vehicle: fc.constantFrom(
    { marca: 1 },
    { marca: 2 },
    { marca: 1, modelo: 1 },
    { marca: 1, modelo: 1, motor: 2 },
    { motor: 5 },
  ),
};
const queryArb = fc
  .subarray(Object.keys(FILTERS), { maxLength: 2 })
  .chain(
    (keys) => fc.record(Object.fromEntries(keys.map((k) => [k, FILTERS[k]!]))) as fc.Arbitrary<Record<string, unknown>>,
  );

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The property owns the catalogue: start from empty tables with a small fixed vehicle tree.
  await t.database.db.execute(
    sql`truncate cart_lines, article_oem, fitments, stock, client_article_prices, articles, plates, vehicle_engines, vehicle_models, vehicle_makes cascade`,
  );
  await t.database.db.execute(sql`insert into vehicle_makes values (1, 'SEAT'), (2, 'Renault')`);
  await t.database.db.execute(
    sql`insert into vehicle_models (id, make_id, name, engine_count) values (1, 1, 'León', 2), (2, 1, 'Ibiza', 1), (3, 2, 'Clio', 2)`,
  );
  await t.database.db.execute(
    sql`insert into vehicle_engines (id, model_id, name, fuel, power_kw) values (1, 1, 'e1', 'D', 1), (2, 1, 'e2', 'D', 1), (3, 2, 'e3', 'D', 1), (4, 3, 'e4', 'D', 1), (5, 3, 'e5', 'D', 1)`,
  );
});
afterAll(() => t.close());

async function load(arts: Art[]) {
  const db = t.database.db;
  await db.execute(sql`truncate article_oem, fitments, article_makes, articles cascade`);
  for (const a of arts) {
    const refNorm = normalizeReference(a.ref);
    const searchText = [refNorm, a.description, a.eurocode ?? '', ...a.oem.map(normalizeCode)].join(' ').toLowerCase();
    await db.execute(sql`insert into articles (id, ref_jumasa, ref_norm, supplier, family_code, description, novelty, offer, eurocode, image_count, stock_tracked, search_text)
      values (${a.id}, ${a.ref}, ${refNorm}, 'SUP', ${a.family}, ${a.description}, ${a.novelty}, ${a.offer}, ${a.eurocode}, 1, true, ${searchText})`);
    await db.execute(sql`insert into article_prices (article_id, pv1d) values (${a.id}, 10)`);
    for (const o of a.oem) {
      await db.execute(sql`insert into article_oem values (${a.id}, ${o}, ${normalizeCode(o)}) on conflict do nothing`);
    }
    for (const f of a.fitments) {
      await db.execute(
        sql`insert into fitments (article_id, make_id, model_id, family_code, ref_jumasa, engine_id) values (${a.id}, ${f.make}, ${f.model}, ${a.family}, ${a.ref}, ${f.engine})`,
      );
      await db.execute(
        sql`insert into article_makes values (${f.make}, ${a.id}, ${a.family}, ${a.ref}) on conflict do nothing`,
      );
    }
  }
}

/** The specification of getlist, written plainly. */
function expected(arts: Art[], q: Record<string, unknown>, order: 'asc' | 'desc', pageIndex: number, pageSize: number) {
  const v = (q.vehicle ?? {}) as { marca?: number; modelo?: number; motor?: number };
  const family = q.manufacturerrefEUROCODE ? '28' : (q.familia as string | undefined);
  const matches = arts.filter((a) => {
    const searchText = [normalizeReference(a.ref), a.description, a.eurocode ?? '', ...a.oem.map(normalizeCode)]
      .join(' ')
      .toLowerCase();
    if (family && a.family !== family) return false;
    if (q.novelty && !a.novelty) return false;
    if (q.offer && !a.offer) return false;
    if (q.searchbyreference && !normalizeReference(a.ref).includes(normalizeReference(q.searchbyreference as string)))
      return false;
    if (q.manufacturerrefOEM && !a.oem.some((o) => normalizeCode(o) === normalizeCode(q.manufacturerrefOEM as string)))
      return false;
    if (q.manufacturerrefEUROCODE && !(a.eurocode ?? '').startsWith(normalizeCode(q.manufacturerrefEUROCODE as string)))
      return false;
    if (a.eurocode === null && q.manufacturerrefEUROCODE) return false;
    for (const w of searchWords(q.filter as string | undefined)) if (!searchText.includes(w)) return false;
    if (v.motor) {
      const model = MODELS.find((m) => m.engines.includes(v.motor!))!.id;
      if (!a.fitments.some((f) => f.engine === v.motor || (f.engine === null && f.model === model))) return false;
    } else if (v.modelo) {
      if (!a.fitments.some((f) => f.model === v.modelo)) return false;
    } else if (v.marca) {
      if (!a.fitments.some((f) => f.make === v.marca)) return false;
    }
    return true;
  });
  const cmp = (x: Art, y: Art) => (x.ref < y.ref ? -1 : x.ref > y.ref ? 1 : x.id - y.id);
  matches.sort((x, y) => (order === 'asc' ? cmp(x, y) : cmp(y, x)));
  return {
    ids: matches.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize).map((a) => a.id),
    count: matches.length,
  };
}

describe('getlist against a plain in-memory filter', () => {
  it('answers the same records, order, count and pages', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(articleArb, { selector: (a) => a.ref, maxLength: 25 }),
        fc.array(
          fc.tuple(
            queryArb,
            fc.constantFrom('asc', 'desc') as fc.Arbitrary<'asc' | 'desc'>,
            fc.nat(3),
            fc.integer({ min: 1, max: 6 }),
          ),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        async (generated, queries) => {
          const arts = generated.map((a, i) => ({ ...a, id: i + 1 }));
          await load(arts);
          for (const [q, order, pageIndex, pageSize] of queries) {
            const params = new URLSearchParams({ order, pageIndex: String(pageIndex), pageSize: String(pageSize) });
            for (const [k, value] of Object.entries(q)) {
              if (k === 'vehicle') for (const [vk, vv] of Object.entries(value as object)) params.set(vk, String(vv));
              else params.set(k, String(value));
            }
            const res = await t.app.inject({ method: 'GET', url: `/api/product/getlist?${params}` });
            expect(res.statusCode, params.toString()).toBe(200);
            const body = res.json();
            const want = expected(arts, q, order, pageIndex, pageSize);
            expect(
              body.records.map((r: { id_articulo: number }) => r.id_articulo),
              params.toString(),
            ).toEqual(want.ids);
            expect(body.count, params.toString()).toBe(want.count);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
