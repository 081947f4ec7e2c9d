import fs from 'node:fs';
import path from 'node:path';
import { FAMILY_CODES, normalizePlate } from '@portal/contract/catalog';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { simplePdf } from '../../lib/simple-pdf.ts';
import { type Db, queryRows } from '../client.ts';
import { plates, vehicleEngines, vehicleMakes, vehicleModels } from '../schema/catalog.ts';
import type { Rng } from './prng.ts';
import { ENGINE_TEMPLATES, FAMILY_PARTS, MAKES } from './vehicles.ts';

export const DEMO_PLATE = { country: 'ES', plate: '1234 BCD' } as const;
const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI'];
const QUALIFIERS = ['delantero', 'trasero', 'izquierdo', 'derecho', 'reforzado', 'original', 'premium', 'estándar'];
const CONSONANTS = 'BCDFGHJKLMNPRSTVWXYZ';

async function insertChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Makes, then generations of their models until `modelCount`, each with 1 to 6 engines. */
function buildVehicles(rng: Rng, modelCount: number) {
  const makes = Object.keys(MAKES).map((name, i) => ({ id: i + 1, name }));
  const models: (typeof vehicleModels.$inferInsert)[] = [];
  const engines: (typeof vehicleEngines.$inferInsert)[] = [];
  for (let generation = 0; models.length < modelCount; generation++) {
    for (const make of makes) {
      for (const base of MAKES[make.name]!) {
        if (models.length >= modelCount) break;
        if (generation > 0 && rng.chance(0.25)) continue;
        const id = models.length + 1;
        const from = 1996 + ((generation * 6 + id) % 24);
        const to = Math.min(from + rng.int(4, 9), 2026);
        const engineCount = rng.int(1, 6);
        const firstEngineId = engines.length + 1;
        for (let e = 0; e < engineCount; e++) {
          const t = ENGINE_TEMPLATES[(id * 3 + e * 5) % ENGINE_TEMPLATES.length]!;
          const kw = t.kw + rng.int(-10, 25);
          engines.push({
            id: engines.length + 1,
            modelId: id,
            name: `${t.name} ${kw} kW (${Math.round(kw * 1.36)} CV) ${t.fuel}`,
            fuel: t.fuel,
            powerKw: kw,
            yearFrom: from,
            yearTo: to,
          });
        }
        models.push({
          id,
          makeId: make.id,
          name: `${base} ${ROMAN[generation % ROMAN.length]} (${from}-${to})`,
          yearFrom: from,
          yearTo: to,
          firstEngineId,
          engineCount,
          vehicleCode: String(1000 + id * 5)
            .padStart(4, '0')
            .slice(-4),
        });
      }
    }
  }
  return { makes, models, engines };
}

function randomPlate(rng: Rng, country: string) {
  const letters = (n: number) =>
    Array.from({ length: n }, () => CONSONANTS[rng.int(0, CONSONANTS.length - 1)]).join('');
  const digits = (n: number) => String(rng.int(0, 10 ** n - 1)).padStart(n, '0');
  if (country === 'ES') return `${digits(4)} ${letters(3)}`;
  if (country === 'PT') return `${letters(2)}-${digits(2)}-${letters(2)}`;
  if (country === 'FR') return `${letters(2)}-${digits(3)}-${letters(2)}`;
  return `${letters(2)} ${digits(3)} ${letters(2)}`;
}

export type CatalogScale = {
  models: number;
  articles: number;
  plates: number;
  technicalFiles: number;
  maxFitments: number;
};

export async function seedCatalog(db: Db, rng: Rng, scale: CatalogScale) {
  const { makes, models, engines } = buildVehicles(rng, scale.models);
  await db.insert(vehicleMakes).values(makes);
  await insertChunks(models, 1000, (chunk) => db.insert(vehicleModels).values(chunk));
  await insertChunks(engines, 1000, (chunk) => db.insert(vehicleEngines).values(chunk));

  // Lookup tables for the set-based article generator.
  await db.execute(sql.raw('create temp table seed_family (pos int, code text, nsup int, npart int) on commit drop'));
  await db.execute(sql.raw('create temp table seed_supplier (code text, pos int, name text) on commit drop'));
  await db.execute(sql.raw('create temp table seed_part (code text, pos int, name text) on commit drop'));
  await db.execute(sql.raw('create temp table seed_qualifier (pos int, name text) on commit drop'));
  for (const [pos, code] of FAMILY_CODES.entries()) {
    const f = FAMILY_PARTS[code]!;
    await db.execute(sql`insert into seed_family values (${pos}, ${code}, ${f.suppliers.length}, ${f.parts.length})`);
    for (const [i, name] of f.suppliers.entries())
      await db.execute(sql`insert into seed_supplier values (${code}, ${i}, ${name})`);
    for (const [i, name] of f.parts.entries())
      await db.execute(sql`insert into seed_part values (${code}, ${i}, ${name})`);
  }
  for (const [i, name] of QUALIFIERS.entries())
    await db.execute(sql`insert into seed_qualifier values (${i}, ${name})`);

  const n = scale.articles;
  const m = models.length;
  // The model that slot j of article i fits: a multiplicative hash, so that a vehicle's parts are of every
  // family and supplier (a plain i * k mod m would give one model the same kind of part again and again).
  const modelOf = (i: string, j: string) =>
    `(1 + ((${i}::bigint * 2654435761 + ${j}::bigint * 40503) % 4294967296) % ${m})`;
  // OEM codes of article i, slot j: "1K0 615 301 A" style; the same expression feeds article_oem and search_text.
  // The normalised columns come from the catalogue's SQL functions (migration 0041), which the articles feed uses too.
  const oem = (i: string, j: string) =>
    `upper(substr(md5(${i}::text || '-' || ${j}), 1, 3)) || ' ' || lpad(((${i}::bigint * 7727 + ${j} * 131) % 1000)::text, 3, '0') || ' ' || lpad(((${i}::bigint * 3329 + ${j} * 17) % 1000)::text, 3, '0') || ' ' || chr(65 + ((${i} + ${j}) % 26))`;
  await db.execute(
    sql.raw(`
    insert into articles (id, ref_jumasa, ref_norm, supplier, family_code, description, novelty, offer, eurocode,
                          image_count, stock_tracked, search_text)
    select g.i, x.ref, catalog_code_norm(x.ref), s.name, f.code, x.descr,
           g.i % 17 = 0, g.i % 11 = 0, x.eurocode, 1 + g.i % 3, g.i % 23 <> 0,
           article_search_text(catalog_code_norm(x.ref), x.descr, x.eurocode,
             array(select catalog_code_norm(${oem('g.i', 'j')}) from generate_series(0, g.i % 3) j order by j))
    from generate_series(1, ${n}) g(i)
    join seed_family f on f.pos = (g.i * 7) % 8
    join seed_supplier s on s.code = f.code and s.pos = (g.i * 13) % f.nsup
    join seed_part p on p.code = f.code and p.pos = (g.i * 31) % f.npart
    join seed_qualifier q on q.pos = (g.i * 3) % 8
    join vehicle_models vm on vm.id = ${modelOf('g.i', '0')}
    cross join lateral (
      select upper(left(replace(s.name, ' ', ''), 3)) || '.' || substr(num, 1, 3) || '-' || substr(num, 4, 4) as ref,
             p.name || ' ' || q.name || ' ' || s.name as descr,
             case when f.code = '28' then vm.vehicle_code || (array['A','B','L','R','C'])[1 + p.pos % 5]
                  || (array['GN','GS','CC','BZ'])[1 + g.i % 4] || (array['','V','VH','H','M'])[1 + g.i % 5] end as eurocode
      from (select (1000000 + (g.i::bigint * 104729) % 9000000)::text as num) k
    ) x`),
  );
  // Each article's list price (migration 0049): a row of its own.
  await db.execute(
    sql.raw(`
    insert into article_prices (article_id, pv1d)
    select a.id, round((4.5 + ((a.id::bigint * 7919) % 60000) / 100.0)::numeric, 2) from articles a`),
  );
  await db.execute(
    sql.raw(`
    insert into article_oem (article_id, oem, oem_norm)
    select distinct on (a.id, catalog_code_norm(${oem('a.id', 'j')})) a.id, ${oem('a.id', 'j')}, catalog_code_norm(${oem('a.id', 'j')})
    from articles a cross join generate_series(0, a.id % 3) j`),
  );
  await db.execute(
    sql.raw(`
    insert into fitments (article_id, make_id, model_id, family_code, ref_jumasa, engine_id)
    select a.id, vm.make_id, vm.id, a.family_code, a.ref_jumasa,
           case when (a.id + j) % 3 = 0 or vm.engine_count = 0 then null else vm.first_engine_id + ((a.id * 7 + j) % vm.engine_count) end
    from articles a
    cross join lateral generate_series(0, case when a.family_code = '28' then 0 else a.id % ${scale.maxFitments} end) j
    join vehicle_models vm on vm.id = ${modelOf('a.id', 'j')}`),
  );
  await db.execute(
    sql.raw(`
    insert into article_makes (make_id, article_id, family_code, ref_jumasa)
    select distinct f.make_id, f.article_id, a.family_code, a.ref_jumasa from fitments f join articles a on a.id = f.article_id`),
  );
  await db.execute(
    sql.raw(`
    insert into stock (article_id, store_id, quantity)
    select a.id, s.id, x.q
    from articles a
    cross join (select id, row_number() over (order by id) as pos from stores) s
    cross join lateral (select ((a.id::bigint * 37 + s.pos * 101) % 23)::int - 8 as q) x
    where a.stock_tracked and x.q > 0`),
  );
  await db.execute(
    sql.raw(`
    insert into client_family_discounts (client_accountnum, family_code, discount_pct)
    select c.accountnum, f.code, ((substr(c.accountnum, 2)::int * 7 + f.pos * 5) % 36)
    from clients c cross join seed_family f
    where c.accountnum like 'C%' and c.accountnum <> 'C00000'`),
  );
  await db.execute(
    sql.raw(`
    insert into client_article_prices (client_accountnum, article_id, net_price)
    select distinct on (c.accountnum, a.article_id) c.accountnum, a.article_id, round(a.pv1d * 0.55, 2)
    from clients c
    cross join generate_series(0, 39) k
    join article_prices a on a.article_id = 1 + ((substr(c.accountnum, 2)::bigint * 9973 + k * 7919) % ${n})
    where c.accountnum like 'C%' and c.accountnum <> 'C00000'`),
  );

  // Licence plates, one of them fixed for the demo: a SEAT León with an engine.
  const leon = models.find((mo) => mo.name.startsWith('León') && (mo.engineCount ?? 0) > 0)!;
  const plateRows: (typeof plates.$inferInsert)[] = [
    {
      country: DEMO_PLATE.country,
      plate: DEMO_PLATE.plate,
      plateNorm: normalizePlate(DEMO_PLATE.plate),
      modelId: leon.id,
      engineId: leon.firstEngineId ?? null,
    },
  ];
  const seen = new Set([`${DEMO_PLATE.country}:${normalizePlate(DEMO_PLATE.plate)}`]);
  while (plateRows.length < scale.plates) {
    const country = rng.pick(['ES', 'ES', 'PT', 'FR', 'IT'] as const);
    const plate = randomPlate(rng, country);
    const key = `${country}:${normalizePlate(plate)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const model = models[rng.int(0, models.length - 1)]!;
    const engineId = model.engineCount ? model.firstEngineId! + rng.int(0, model.engineCount - 1) : null;
    plateRows.push({ country, plate, plateNorm: normalizePlate(plate), modelId: model.id, engineId });
  }
  await insertChunks(plateRows, 1000, (chunk) => db.insert(plates).values(chunk));
}

/** Technical files (PDF) per supplier and reference, and assembly guides per family, under `root`. */
export async function writeTechnicalFiles(db: Db, root: string, count: number) {
  const rows = await queryRows(
    db,
    sql`select supplier, ref_jumasa, ref_norm, description from articles where id % 37 = 1 order by id limit ${count}`,
    z.object({ supplier: z.string(), ref_jumasa: z.string(), ref_norm: z.string(), description: z.string() }),
  );
  for (const row of rows) {
    const dir = path.join(root, row.supplier, row.ref_norm);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, `Ficha técnica ${row.ref_norm}.pdf`),
      simplePdf(`Ficha técnica ${row.ref_jumasa}`, [
        row.description,
        `Fabricante: ${row.supplier}`,
        'Documento de demostración.',
      ]),
    );
  }
  for (const code of FAMILY_CODES) {
    const dir = path.join(root, '_familias', code);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, `Guía de montaje familia ${code}.pdf`),
      simplePdf(`Guía de montaje - familia ${code}`, [
        'Recomendaciones generales de montaje.',
        'Documento de demostración.',
      ]),
    );
  }
}
