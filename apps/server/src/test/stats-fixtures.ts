import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../db/client.ts';
import { idRow, int } from '../db/rows.ts';
import { businessTimeZone } from '../lib/business-time.sql.ts';

/** Web orders written straight into a test database, as a checkout would (each with its finished cart). */
export type FixtureLine = {
  family: string;
  /** The model recorded on the cart line (ref_model). */
  modelId: number | null;
  /** A plate search log whose model stands when the line has none. */
  searchLogId: number | null;
  quantity: number;
  /** Net amount of the line, in cents. */
  cents: number;
};
export type FixtureOrder = { user: string; store: string; orderedAt: string; lines: FixtureLine[] };

export type FixtureContext = {
  users: Map<string, { id: string; client: string }>;
  stores: string[];
  models: number[];
  paymentMethodId: number;
  dlvModeId: string;
};

export async function fixtureContext(db: Db): Promise<FixtureContext> {
  const users = await queryRows(
    db,
    sql`select username, id::text as id, client_accountnum as client from users
         where username in ('buyer', 'buyer2', 'clientadmin')`,
    z.object({ username: z.string(), id: z.string(), client: z.string() }),
  );
  const stores = await queryRows(db, sql`select id from stores order by id limit 3`, z.object({ id: z.string() }));
  const models = await queryRows(db, sql`select id from vehicle_models order by id limit 5`, idRow);
  const [method] = await queryRows(db, sql`select id from payment_methods order by id limit 1`, idRow);
  const [mode] = await queryRows(
    db,
    sql`select id from delivery_modes order by id limit 1`,
    z.object({ id: z.string() }),
  );
  return {
    users: new Map(users.map((u) => [u.username, { id: u.id, client: u.client }])),
    stores: stores.map((s) => s.id),
    models: models.map((m) => m.id),
    paymentMethodId: method!.id,
    dlvModeId: mode!.id,
  };
}

/** A plate search of `user` that found `modelId`: its id. */
export async function plateSearchLog(db: Db, ctx: FixtureContext, user: string, modelId: number): Promise<number> {
  const u = ctx.users.get(user)!;
  const [row] = await queryRows(
    db,
    sql`insert into plate_search_logs (user_id, client_id, country, plate_text, found, model_id)
        values (${u.id}, ${u.client}, 'ES', '1234BCD', true, ${modelId}) returning id::int as id`,
    idRow,
  );
  return row!.id;
}

/** Writes the orders (one web order per order, its lines in one statement) and answers their ids. */
export async function insertOrders(db: Db, ctx: FixtureContext, orders: FixtureOrder[]): Promise<number[]> {
  const ids: number[] = [];
  for (const o of orders) {
    const u = ctx.users.get(o.user)!;
    const net = (o.lines.reduce((s, l) => s + l.cents, 0) / 100).toFixed(2);
    const [cart] = await queryRows(
      db,
      sql`insert into carts (user_id, client_accountnum, status, created_at, finished_at)
          values (${u.id}, ${u.client}, 'finished', ${o.orderedAt}, ${o.orderedAt}) returning id::int as id`,
      idRow,
    );
    const [order] = await queryRows(
      db,
      sql`insert into web_orders (cart_id, user_id, client_accountnum, store_id, store_name, ordered_at, delivery_date,
            delivery_name, customer_ref, dlv_mode_id, dlv_mode_name, payment_method_id, payment_method_name,
            list_amount, net_amount, imported)
          values (${cart!.id}, ${u.id}, ${u.client}, ${o.store}, ${o.store}, ${o.orderedAt}, ${o.orderedAt.slice(0, 10)}::date,
            'Prueba', 'STATS', ${ctx.dlvModeId}, 'Prueba', ${ctx.paymentMethodId}, 'Prueba', ${net}, ${net}, true)
          returning id::int as id`,
      idRow,
    );
    const values = o.lines.map(
      (l, i) =>
        sql`(${order!.id}, ${i + 1}, 1, 'REF', 'Artículo', ${l.family}, 'PROV', ${l.quantity}, 1, 1,
             ${(l.cents / 100).toFixed(2)}, ${(l.cents / 100).toFixed(2)}, ${l.modelId}, ${l.searchLogId})`,
    );
    await db.execute(sql`insert into web_order_lines (web_order_id, line_no, article_id, ref_jumasa, description,
        family_code, supplier, quantity, pv1d, net_price, list_amount, net_amount, model_id, search_log_id)
      values ${sql.join(values, sql`, `)}`);
    ids.push(order!.id);
  }
  return ids;
}

export async function deleteOrders(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const carts = await queryRows(
    db,
    sql`select cart_id::int as cart_id from web_orders where id in (${list})`,
    z.object({ cart_id: int }),
  );
  await db.execute(sql`delete from web_order_lines where web_order_id in (${list})`);
  await db.execute(sql`delete from web_orders where id in (${list})`);
  await db.execute(
    sql`delete from carts where id in (${sql.join(
      carts.map((c) => sql`${c.cart_id}`),
      sql`, `,
    )})`,
  );
}

/**
 * What the lines of [from, to] (days in Spain) add up to, straight from the lines: per key of `group`
 * ('total', 'family', 'model'), optionally for one client and one store.
 */
export async function linesSum(
  db: Db,
  o: { from: string; to: string; group: 'total' | 'family' | 'model'; client?: string; store?: string },
): Promise<Map<string, { amount: number; quantity: number }>> {
  const key =
    o.group === 'total'
      ? sql`''`
      : o.group === 'family'
        ? sql`l.family_code`
        : sql`coalesce(coalesce(l.model_id, p.model_id)::text, '')`;
  const rows = await queryRows(
    db,
    sql`select ${key} as key, sum(l.net_amount)::text as amount, sum(l.quantity)::text as quantity
          from web_order_lines l join web_orders w on w.id = l.web_order_id
          left join plate_search_logs p on p.id = l.search_log_id
         where (w.ordered_at at time zone ${businessTimeZone})::date between ${o.from}::date and ${o.to}::date
           and (${o.client ?? null}::text is null or w.client_accountnum = ${o.client ?? null})
           and (${o.store ?? null}::text is null or w.store_id = ${o.store ?? null})
         group by 1`,
    z.object({ key: z.string(), amount: z.string(), quantity: z.string() }),
  );
  return new Map(rows.map((r) => [r.key, { amount: Number(r.amount), quantity: Number(r.quantity) }]));
}
