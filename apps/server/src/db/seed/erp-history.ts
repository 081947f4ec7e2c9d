import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { BUSINESS_TIME_ZONE_LITERAL } from '../../lib/business-time.ts';
import { vatSql } from '../../lib/vat.sql.ts';
import { DEFAULT_VAT_PCT, VAT_RATE_DEFAULT_BP } from '../../lib/vat.ts';
import { type Db, queryRows } from '../client.ts';
import { builtInErpAdapter, type ErpWebOrder } from '../erp-adapter.ts';
import { countRow, idRow, int } from '../rows.ts';
import type { Rng } from './prng.ts';

/**
 * The ERP history of every client (issue 5): two years of sales orders with their lines, the packing slips
 * and invoices that came from them (an order may have two of each, a monthly invoice covers several orders),
 * employees, sales origins, and a few web orders in each import state. Set-based SQL over generate_series
 * with a seeded hash (hashint8extended), like the catalogue: the same data on every machine, shifted to end
 * on the day the seed runs.
 */
export type ErpScale = {
  orders: number;
  /** Lines per order: 1 to maxLines. */
  maxLines: number;
  /** Percentage of the orders that belong to C00001, and as many to C00002 (the demo buyers). */
  demoClientsPct: number;
};

const TZ = BUSINESS_TIME_ZONE_LITERAL;
/** A hash of (expr, stream k) reduced to 0..m-1. */
const H = (expr: string, k: number, m: number) =>
  `((hashint8extended((${expr})::bigint, ${k}) & 9223372036854775807) % ${m})`;

const ORIGINS = [
  ['WEB', 'Portal web'],
  ['TEL', 'Teléfono'],
  ['MOS', 'Mostrador'],
  ['EMA', 'Correo electrónico'],
  ['COM', 'Comercial'],
  ['EDI', 'EDI'],
] as const;
const ORIGIN_MIX = ['TEL', 'TEL', 'TEL', 'MOS', 'MOS', 'MOS', 'EMA', 'COM', 'EDI', 'WEB'];

/** ERP delivery modes used only when the checkout seed has not created any. */
const FALLBACK_DLV_MODES = [
  { id: 'RECOGIDA', name: 'Recogida en almacén', pickup: true, carrier: false, sort: 1 },
  { id: 'RUTA', name: 'Reparto en ruta propia', pickup: false, carrier: false, sort: 2 },
  { id: 'AGENCIA', name: 'Agencia de transporte 24 h', pickup: false, carrier: true, sort: 3 },
];

const FIRST_NAMES = [
  'Antonio',
  'María',
  'José',
  'Carmen',
  'Manuel',
  'Laura',
  'Javier',
  'Lucía',
  'Francisco',
  'Elena',
  'David',
  'Marta',
  'Juan',
  'Isabel',
  'Pedro',
  'Ana',
  'Miguel',
  'Cristina',
  'Alberto',
  'Pilar',
];
const SURNAMES = [
  'García',
  'Fernández',
  'González',
  'Rodríguez',
  'López',
  'Martínez',
  'Sánchez',
  'Pérez',
  'Gómez',
  'Martín',
  'Jiménez',
  'Ruiz',
  'Hernández',
  'Díaz',
  'Moreno',
  'Álvarez',
  'Romero',
  'Navarro',
];

const list = (values: readonly (string | number)[]) =>
  `array[${values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`)).join(',')}]`;

export async function seedErpHistory(db: Db, rng: Rng, scale: ErpScale) {
  const run = (text: string) => db.execute(sql.raw(text));

  // Reference data: origins, employees (five per store), delivery modes when the checkout seed made none.
  for (const [id, name] of ORIGINS)
    await db.execute(sql`insert into erp_sales_origins (id, name) values (${id}, ${name}) on conflict do nothing`);
  const stores = await queryRows(db, sql`select id from stores order by id`, textIdRow);
  const employees: string[] = [];
  for (const store of stores) {
    for (let k = 0; k < 5; k++) {
      const name = `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)}`;
      const id = `E${store.id}${k}`;
      employees.push(id);
      await db.execute(
        sql`insert into erp_employees (id, name, store_id) values (${id}, ${name}, ${store.id}) on conflict do nothing`,
      );
    }
  }
  const [modesCount] = await queryRows(db, sql`select count(*)::int as n from delivery_modes`, countRow);
  if (!modesCount?.n) {
    for (const m of FALLBACK_DLV_MODES)
      await db.execute(sql`insert into delivery_modes (id, name, pickup, carrier, sort)
                           values (${m.id}, ${m.name}, ${m.pickup}, ${m.carrier}, ${m.sort}) on conflict do nothing`);
  }
  const modes = (await queryRows(db, sql`select id from delivery_modes order by sort, id`, textIdRow)).map((m) => m.id);
  // max() of no rows is null (the hand type said number).
  const [{ n: articleCount } = { n: 0 }] = await queryRows(
    db,
    sql`select max(id)::int as n from articles`,
    z.object({ n: int.nullable() }),
  );
  if (!articleCount || stores.length === 0) return;

  await run(`create temp table seed_erp_clients on commit drop as
    select (row_number() over (order by c.accountnum) - 1)::int as pos, c.accountnum, c.name, c.tax_id, c.store_id,
           (select count(*) from client_addresses a where a.client_accountnum = c.accountnum)::int as naddr
      from clients c where c.accountnum ~ '^C[0-9]+$' and c.accountnum <> 'C00000'`);
  await run(`create temp table seed_erp_addresses on commit drop as
    select client_accountnum as accountnum, (row_number() over (partition by client_accountnum order by is_default desc, id) - 1)::int as k,
           name, street, city, zipcode
      from client_addresses`);
  await run(`create temp table seed_erp_employees on commit drop as
    select store_id, (row_number() over (partition by store_id order by id) - 1)::int as k, name from erp_employees`);
  const [{ n: clientCount } = { n: 0 }] = await queryRows(
    db,
    sql`select count(*)::int as n from seed_erp_clients`,
    countRow,
  );
  if (clientCount < 3) return;

  // Bulk load: the secondary indexes of the ERP tables are dropped and built again afterwards (one sort
  // each instead of a btree insert per row); the definitions come from the catalogue, so they stay the
  // migration's.
  const indexes = await queryRows(
    db,
    sql`select i.indexname as name, i.indexdef as def from pg_indexes i
         where i.schemaname = current_schema() and i.tablename like 'erp\_%'
           and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    z.object({ name: z.string(), def: z.string() }),
  );
  for (const index of indexes) await run(`drop index ${index.name}`);
  const keys = await queryRows(
    db,
    sql`select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as def
          from pg_constraint c where c.contype = 'p' and c.conrelid::regclass::text like 'erp\_%'`,
    z.object({ table: z.string(), name: z.string(), def: z.string() }),
  );
  for (const k of keys) await run(`alter table ${k.table} drop constraint ${k.name}`);

  const N = scale.orders;
  const share = scale.demoClientsPct;
  // Orders: numbered in time order over the last 730 days, during shop hours; C00001 and C00002 get `share` %
  // each, the rest spread over the other clients. Status follows age: old orders are invoiced (or canceled).
  await run(`create temp table seed_orders on commit drop as
    select g.i, p.age,
           case when ${H('g.i', 1, 100)} < 30 then '41PV' else 'PV-' end || lpad(g.i::text, 7, '0') as sales_id,
           cl.accountnum, cl.name as client_name,
           least(now(), ((current_date - floor(p.age)::int)::timestamp
                         + (8 * 3600 + ${H('g.i', 4, 43200)}) * interval '1 second') at time zone ${TZ}) as created_at,
           case when p.age >= 45 then (${list([3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 2, 3])})[1 + ${H('g.i', 5, 20)}]
                when p.age >= 10 then (${list([3, 3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 1, 4, 0, 3, 3, 2, 3, 3, 4])})[1 + ${H('g.i', 5, 20)}]
                else (${list([1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 0, 4, 1, 1, 2, 1])})[1 + ${H('g.i', 5, 20)}] end as status,
           1 + ${H('g.i', 6, scale.maxLines)} as n_lines,
           case when ${H('g.i', 7, 100)} < 75 and cl.store_id is not null then cl.store_id
                else (${list(stores.map((s) => s.id))})[1 + ${H('g.i', 8, stores.length)}] end as store_id,
           (${list(modes)})[1 + ${H('g.i', 9, modes.length)}] as dlv_mode,
           (${list(ORIGIN_MIX)})[1 + ${H('g.i', 10, ORIGIN_MIX.length)}] as origin,
           ${H('g.i', 11, 5)} as employee_k,
           case when ${H('g.i', 12, 10)} < 4 then 'OT-' || lpad(${H('g.i', 13, 100000)}::text, 5, '0')
                when ${H('g.i', 12, 10)} < 6 then 'MAT ' || lpad(${H('g.i', 14, 10000)}::text, 4, '0') || ' '
                     || chr(66 + ${H('g.i', 15, 24)}::int) || chr(66 + ${H('g.i', 16, 24)}::int) || chr(66 + ${H('g.i', 17, 24)}::int)
                when ${H('g.i', 12, 10)} = 6 then ''
                else 'PED ' || lpad(${H('g.i', 18, 1000)}::text, 3, '0') end as customer_ref,
           case when cl.naddr > 0 then ${H('g.i', 19, 1000)}::int % cl.naddr else 0 end as addr_k
      from generate_series(1, ${N}) g(i)
      cross join lateral (
        select case when ${H('g.i', 2, 100)} < ${share} then 0
                    when ${H('g.i', 2, 100)} < ${2 * share} then 1
                    else 2 + ${H('g.i', 3, clientCount - 2)}::int end as cpos,
               730.0 * (${N} - g.i) / ${N} as age) p
      join seed_erp_clients cl on cl.pos = p.cpos`);

  await run(`insert into erp_sales_orders (sales_id, client_accountnum, created_at, customer_ref, store_id, store_name,
               delivery_name, delivery_street, delivery_city, delivery_zipcode, status, dlv_mode, sales_origin_id, sales_taker)
    select o.sales_id, o.accountnum, o.created_at, o.customer_ref, o.store_id, s.name,
           coalesce(a.name, o.client_name), a.street, a.city, a.zipcode, o.status, o.dlv_mode, o.origin, coalesce(e.name, 'Central')
      from seed_orders o
      join stores s on s.id = o.store_id
      left join seed_erp_addresses a on a.accountnum = o.accountnum and a.k = o.addr_k
      left join seed_erp_employees e on e.store_id = o.store_id and e.k = o.employee_k`);

  // Lines: articles picked by hash, 1 unit mostly, the client's family discount.
  await run(`insert into erp_sales_lines (sales_id, line_no, article_id, item_id, name, quantity, sales_price, discount_pct, line_amount)
    select o.sales_id, j + 1, a.id, a.ref_jumasa, a.description, q.qty, ap.pv1d, coalesce(d.discount_pct, 0),
           round(q.qty * ap.pv1d * (1 - coalesce(d.discount_pct, 0) / 100.0), 2)
      from seed_orders o
      cross join generate_series(0, o.n_lines - 1) j
      cross join lateral (select 1 + ${H('o.i * 16 + j', 20, articleCount)} as aid,
                                 case when ${H('o.i * 16 + j', 21, 10)} < 6 then 1 else 1 + ${H('o.i * 16 + j', 22, 6)} end as qty) q
      join articles a on a.id = q.aid
      join article_prices ap on ap.article_id = a.id
      left join client_family_discounts d on d.client_accountnum = o.accountnum and d.family_code = a.family_code`);

  // Packing slips of delivered and invoiced orders; 8 % of them delivered in two parts (odd and even lines).
  await run(`create temp table seed_slips on commit drop as
    select o.i, o.sales_id, o.accountnum, n.nparts, p.part,
           'ALB' || lpad((row_number() over (order by o.i, p.part))::text, 7, '0') as packing_slip_id,
           least(current_date, (o.created_at at time zone ${TZ})::date + 1 + ${H('o.i', 31, 3)}::int
                               + p.part * (2 + ${H('o.i', 32, 5)}::int)) as delivery_date
      from seed_orders o
      cross join lateral (select case when o.n_lines >= 2 and ${H('o.i', 30, 100)} < 8 then 2 else 1 end as nparts) n
      cross join lateral generate_series(0, n.nparts - 1) p(part)
     where o.status in (2, 3)`);
  await run(`insert into erp_packing_slips (packing_slip_id, client_accountnum, account_name, delivery_date, customer_ref,
               store_id, store_name, delivery_name, delivery_street, delivery_city, delivery_zipcode, dlv_mode, employee_name)
    select s.packing_slip_id, o.client_accountnum, c.name, s.delivery_date, o.customer_ref, o.store_id, o.store_name,
           o.delivery_name, o.delivery_street, o.delivery_city, o.delivery_zipcode, o.dlv_mode, o.sales_taker
      from seed_slips s
      join erp_sales_orders o on o.sales_id = s.sales_id
      join clients c on c.accountnum = o.client_accountnum`);
  await run(`insert into erp_packing_slip_lines (packing_slip_id, line_no, client_accountnum, sales_id, sales_line_no, article_id,
               item_id, name, quantity)
    select s.packing_slip_id, (l.line_no + s.nparts - 1) / s.nparts, s.accountnum, l.sales_id, l.line_no,
           l.article_id, l.item_id, l.name, l.quantity
      from seed_slips s join erp_sales_lines l on l.sales_id = s.sales_id and l.line_no % s.nparts = s.part`);
  await run(
    `insert into erp_sales_packing_slips (sales_id, packing_slip_id) select sales_id, packing_slip_id from seed_slips`,
  );

  // Invoices of invoiced orders: 20 % go into the client's monthly invoice (one invoice, several orders),
  // 5 % of the others are invoiced in two parts; the rest get one invoice each, a few days after delivery.
  await run(`create temp table seed_inv_parts on commit drop as
    select o.i, o.sales_id, o.accountnum, n.grouped, n.nparts, p.part,
           case when n.grouped then 'M|' || o.accountnum || '|' || to_char(o.created_at at time zone ${TZ}, 'YYYY-MM')
                else 'S|' || o.i || '|' || p.part end as gkey,
           case when n.grouped
                then greatest(s.delivery_date, least(current_date,
                       (date_trunc('month', o.created_at at time zone ${TZ}) + interval '1 month - 1 day')::date))
                else least(current_date, s.delivery_date + ${H('o.i', 42, 4)}::int + p.part * 7) end as invoice_date
      from seed_orders o
      join seed_slips s on s.i = o.i and s.part = 0
      cross join lateral (select ${H('o.i', 40, 100)} < 20 as grouped) g
      cross join lateral (select g.grouped,
                                 case when not g.grouped and o.n_lines >= 2 and ${H('o.i', 41, 100)} < 5 then 2 else 1 end as nparts) n
      cross join lateral generate_series(0, n.nparts - 1) p(part)
     where o.status = 3`);
  await run(`create temp table seed_invoices on commit drop as
    select v.*, case when ${H('v.n', 43, 100)} < 35 then '41FV' else 'FV-' end || lpad(v.n::text, 7, '0') as invoice_id
      from (select gkey, min(i) as first_i, min(accountnum) as accountnum, max(invoice_date) as invoice_date,
                   row_number() over (order by max(invoice_date), min(i)) as n
              from seed_inv_parts group by gkey) v`);
  // Each order part's lines follow the previous parts' in its invoice: `first` is the line number before them.
  await run(`create temp table seed_inv_map on commit drop as
    select m.*, coalesce(sum(m.part_lines) over (partition by m.invoice_id order by m.sales_id, m.part
                                                 rows between unbounded preceding and 1 preceding), 0) as first
      from (select p.i, p.sales_id, p.accountnum, p.nparts, p.part, v.invoice_id, (o.n_lines + p.part) / p.nparts as part_lines
              from seed_inv_parts p join seed_invoices v on v.gkey = p.gkey join seed_orders o on o.i = p.i) m`);
  // Each line's VAT at the default rate, by the VAT policy (lib/vat.ts).
  await db.execute(sql`insert into erp_invoice_lines (invoice_id, line_no, client_accountnum, sales_id, sales_line_no,
               article_id, item_id, name, quantity, sales_price, discount_pct, line_amount, vat_pct, vat_amount)
    select m.invoice_id, m.first + (l.line_no + m.nparts - 1) / m.nparts, m.accountnum, l.sales_id, l.line_no,
           l.article_id, l.item_id, l.name, l.quantity, l.sales_price, l.discount_pct, l.line_amount,
           ${DEFAULT_VAT_PCT}::numeric(5,2), ${vatSql(sql`l.line_amount`, VAT_RATE_DEFAULT_BP)}
      from seed_inv_map m join erp_sales_lines l on l.sales_id = m.sales_id and l.line_no % m.nparts = m.part`);
  await run(`insert into erp_invoices (invoice_id, client_accountnum, invoicing_name, invoice_date, due_date, employee_name,
               tax_id, invoice_street, invoice_city, invoice_zipcode, net_amount, vat_amount, total_amount)
    select v.invoice_id, v.accountnum, cl.name, v.invoice_date, v.invoice_date + 30, o.sales_taker, cl.tax_id,
           a.street, a.city, a.zipcode, t.net, t.vat, t.net + t.vat
      from seed_invoices v
      join seed_erp_clients cl on cl.accountnum = v.accountnum
      join seed_orders so on so.i = v.first_i
      join erp_sales_orders o on o.sales_id = so.sales_id
      left join seed_erp_addresses a on a.accountnum = v.accountnum and a.k = 0
      join (select invoice_id, sum(line_amount) as net, sum(vat_amount) as vat from erp_invoice_lines group by invoice_id) t
        on t.invoice_id = v.invoice_id`);
  await run(
    `insert into erp_sales_invoices (sales_id, invoice_id) select distinct sales_id, invoice_id from seed_inv_map`,
  );
  await run(`insert into erp_packing_slip_invoices (packing_slip_id, invoice_id)
    select distinct s.packing_slip_id, m.invoice_id
      from seed_slips s join seed_inv_map m on m.i = s.i and (s.nparts = 1 or m.nparts = 1 or s.part = m.part)`);

  for (const k of keys) await run(`alter table ${k.table} add constraint ${k.name} ${k.def}`);
  for (const index of indexes) await run(index.def);
  await seedWebOrders(db, rng, modes);
}

const textIdRow = z.object({ id: z.string() });
const namedIdRow = z.object({ id: int, name: z.string() });
/** An article of a seeded web order: its prices as numeric text, written back as they are. */
const articleRow = z.object({
  id: int,
  ref_jumasa: z.string(),
  description: z.string(),
  family_code: z.string(),
  supplier: z.string(),
  pv1d: z.string(),
  net: z.string(),
});

/** A few web orders of the demo users in every import state; the imported ones have their ERP order. */
async function seedWebOrders(db: Db, rng: Rng, modes: string[]) {
  const users = await queryRows(
    db,
    sql`select id, username, client_accountnum as client from users
         where username in ('buyer', 'buyer2', 'clientadmin') and client_accountnum is not null order by username`,
    z.object({ id: z.string(), username: z.string(), client: z.string() }),
  );
  if (users.length === 0) return;
  let [method] = await queryRows(db, sql`select id, name from payment_methods order by id limit 1`, namedIdRow);
  if (!method) {
    [method] = await queryRows(
      db,
      sql`insert into payment_methods (name, description, forma_pago_cod, canal_pago_cod)
          values ('Contado', 'Pago al contado en el almacén', 0, 0) returning id, name`,
      namedIdRow,
    );
  }
  const named = z.object({ id: z.string(), name: z.string() });
  const modeRows = await queryRows(db, sql`select id, name from delivery_modes order by sort, id`, named);
  const stores = await queryRows(db, sql`select id, name from stores order by id`, named);
  const counts: Record<string, number> = { buyer: 12, buyer2: 8, clientadmin: 4 };
  let n = 0;
  for (const user of users) {
    const [address] = await queryRows(
      db,
      sql`select id, name, street, city, zipcode from client_addresses where client_accountnum = ${user.client}
           order by is_default desc, id limit 1`,
      z.object({ id: int, name: z.string(), street: z.string(), city: z.string(), zipcode: z.string() }),
    );
    for (let k = 0; k < (counts[user.username] ?? 0); k++) {
      n++;
      const daysAgo = k === 0 ? 0 : k * 9 + rng.int(0, 6);
      const store = stores[(n * 3) % stores.length]!;
      const mode = modeRows[n % modeRows.length] ?? { id: modes[0] ?? 'RUTA', name: 'Reparto' };
      const orderedAt = new Date(Date.now() - daysAgo * 86_400_000 - rng.int(0, 6 * 3600) * 1000);
      const [cart] = await queryRows(
        db,
        sql`insert into carts (user_id, client_accountnum, status, created_at, finished_at)
            values (${user.id}, ${user.client}, 'finished', ${orderedAt.toISOString()}, ${orderedAt.toISOString()})
            returning id::int as id`,
        idRow,
      );
      const lineCount = rng.int(1, 4);
      const articleIds = Array.from({ length: lineCount }, () => rng.int(1, 20_000));
      const articles = await queryRows(
        db,
        sql`select a.id, a.ref_jumasa, a.description, a.family_code, a.supplier, ap.pv1d::text as pv1d,
                   round(ap.pv1d * (1 - coalesce(d.discount_pct, 0) / 100), 2)::text as net
              from articles a join article_prices ap on ap.article_id = a.id
              left join client_family_discounts d on d.client_accountnum = ${user.client} and d.family_code = a.family_code
             where a.id in (${sql.join(
               articleIds.map((id) => sql`${id}`),
               sql`, `,
             )}) order by a.id`,
        articleRow,
      );
      if (articles.length === 0) continue;
      const qty = articles.map(() => rng.int(1, 4));
      const listAmount = articles.reduce((s, a, i) => s + Number(a.pv1d) * qty[i]!, 0).toFixed(2);
      const netAmount = articles.reduce((s, a, i) => s + Number(a.net) * qty[i]!, 0).toFixed(2);
      const deliveryDate = new Date(orderedAt.getTime() + 86_400_000).toISOString().slice(0, 10);
      const [order] = await queryRows(
        db,
        sql`insert into web_orders (cart_id, user_id, client_accountnum, store_id, store_name, ordered_at, delivery_date,
              delivery_name, delivery_street, delivery_city, delivery_zipcode, delivery_country, address_id, customer_ref,
              remarks, dlv_mode_id, dlv_mode_name, payment_method_id, payment_method_name, medio_cod, list_amount,
              net_amount, next_attempt_at)
            values (${cart!.id}, ${user.id}, ${user.client}, ${store.id}, ${store.name}, ${orderedAt.toISOString()},
              ${deliveryDate}, ${address?.name ?? user.client}, ${address?.street ?? null}, ${address?.city ?? null},
              ${address?.zipcode ?? null}, 'ES', ${address?.id ?? null}, ${`WEB ${String(1000 + n)}`},
              ${k % 3 === 0 ? 'Entregar por la mañana' : ''}, ${mode.id}, ${mode.name}, ${method!.id}, ${method!.name},
              ${k % 5 === 4 ? 1 : 0}, ${listAmount}, ${netAmount}, ${orderedAt.toISOString()})
            returning id::int as id`,
        idRow,
      );
      const id = order!.id;
      const lines = articles.map((a, i) => ({
        lineNo: i + 1,
        articleId: a.id,
        itemId: a.ref_jumasa,
        name: a.description,
        quantity: qty[i]!,
        listPrice: a.pv1d,
        netPrice: a.net,
        netAmount: (Number(a.net) * qty[i]!).toFixed(2),
      }));
      for (const [i, a] of articles.entries()) {
        const l = lines[i]!;
        await db.execute(sql`insert into web_order_lines (web_order_id, line_no, article_id, ref_jumasa, description, family_code,
              supplier, quantity, pv1d, net_price, list_amount, net_amount)
            values (${id}, ${l.lineNo}, ${a.id}, ${a.ref_jumasa}, ${a.description}, ${a.family_code}, ${a.supplier}, ${l.quantity},
              ${a.pv1d}, ${a.net}, ${(Number(a.pv1d) * l.quantity).toFixed(2)}, ${l.netAmount})`);
      }
      // The newest of each user waits for the import job; buyer has one failing and one given up.
      if (k === 0) continue;
      if (user.username === 'buyer' && k === 1) {
        await db.execute(sql`update web_orders set error = 'ERP: tiempo de espera agotado al conectar con el servidor (ETIMEDOUT)',
            retries = 3, next_attempt_at = now() + interval '2 hours' where id = ${id}`);
        continue;
      }
      if (user.username === 'buyer' && k === 2) {
        await db.execute(sql`update web_orders set error = 'ERP: el almacén no admite pedidos de este modo de entrega',
            retries = 8, next_attempt_at = 'infinity' where id = ${id}`);
        continue;
      }
      const erpOrder: ErpWebOrder = {
        id,
        clientId: user.client,
        userName: user.username,
        orderedAt,
        storeId: store.id,
        storeName: store.name,
        deliveryDate,
        deliveryName: address?.name ?? user.client,
        street: address?.street ?? null,
        city: address?.city ?? null,
        zipcode: address?.zipcode ?? null,
        country: 'ES',
        customerRef: `WEB ${String(1000 + n)}`,
        remarks: '',
        dlvModeId: mode.id,
        paymentMethodName: method!.name,
        mediaCod: 0,
        netAmount,
        lines,
      };
      const { salesIds } = await builtInErpAdapter.importWebOrder(erpOrder, { db, now: orderedAt });
      await db.execute(sql`update web_orders set imported = true, sales_related = ${salesIds.join(',')}, next_attempt_at = null
                            where id = ${id}`);
      // Orders older than a week were delivered: their packing slip, with every line.
      if (daysAgo > 7) {
        const salesId = salesIds[0]!;
        const slipId = `ALW${String(id).padStart(7, '0')}`;
        await db.execute(sql`update erp_sales_orders set status = 2 where sales_id = ${salesId}`);
        await db.execute(sql`insert into erp_packing_slips (packing_slip_id, client_accountnum, account_name, delivery_date,
              customer_ref, store_id, store_name, delivery_name, delivery_street, delivery_city, delivery_zipcode, dlv_mode, employee_name)
            select ${slipId}, o.client_accountnum, c.name, ${deliveryDate}, o.customer_ref, o.store_id, o.store_name,
                   o.delivery_name, o.delivery_street, o.delivery_city, o.delivery_zipcode, o.dlv_mode, 'Portal web'
              from erp_sales_orders o join clients c on c.accountnum = o.client_accountnum where o.sales_id = ${salesId}`);
        await db.execute(sql`insert into erp_packing_slip_lines (packing_slip_id, line_no, client_accountnum, sales_id,
              sales_line_no, article_id, item_id, name, quantity)
            select ${slipId}, line_no, ${user.client}, sales_id, line_no, article_id, item_id, name, quantity
              from erp_sales_lines where sales_id = ${salesId}`);
        await db.execute(
          sql`insert into erp_sales_packing_slips (sales_id, packing_slip_id) values (${salesId}, ${slipId})`,
        );
      }
    }
  }
}
