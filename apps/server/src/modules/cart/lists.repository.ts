import { QUANTITY } from '@portal/contract/quantity';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { listPriceSql, netPriceSql } from '../../db/net-price.ts';
import { countRow, idRow, presenceRow } from '../../db/rows.ts';

/** A list as its summary shows it (before the caller's rights are put in). */
const listRow = z.object({
  id: z.number(),
  name: z.string(),
  locked: z.boolean(),
  lines: z.number(),
  units: z.number(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type ListRow = z.infer<typeof listRow>;

const listLineRow = z.object({
  id: z.number(),
  article_id: z.number(),
  ref_jumasa: z.string(),
  description: z.string(),
  quantity: z.number(),
  pv1d: z.string(),
  net: z.string(),
  withdrawn: z.boolean(),
  stock: z.number().nullable(),
});
export type ListLineRow = z.infer<typeof listLineRow>;

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

const summaryColumns = sql`l.id::int as id, l.name, l.locked,
  (select count(*)::int from requisition_list_lines x where x.list_id = l.id) as lines,
  (select coalesce(sum(x.quantity), 0)::int from requisition_list_lines x where x.list_id = l.id) as units,
  to_char(l.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at,
  (select u.username from users u where u.id = l.updated_by) as updated_by`;

/** Lists of a client (requisition_lists, migration 0050): every query is scoped by the client. */
export function listsRepository(db: Db) {
  return {
    async lists(clientId: string): Promise<ListRow[]> {
      return queryRows(
        db,
        sql`select ${summaryColumns} from requisition_lists l
             where l.client_accountnum = ${clientId} order by lower(l.name), l.id`,
        listRow,
      );
    },

    /** One list of the client, locked for a change when asked; null when the client has no such list. */
    async list(clientId: string, id: number, lock = false): Promise<ListRow | null> {
      if (lock)
        await db.execute(
          sql`select 1 from requisition_lists where id = ${id} and client_accountnum = ${clientId} for update`,
        );
      const rows = await queryRows(
        db,
        sql`select ${summaryColumns} from requisition_lists l
             where l.id = ${id} and l.client_accountnum = ${clientId}`,
        listRow,
      );
      return rows[0] ?? null;
    },

    async count(clientId: string): Promise<number> {
      const rows = await queryRows(
        db,
        sql`select count(*)::int as n from requisition_lists where client_accountnum = ${clientId}`,
        countRow,
      );
      return rows[0]!.n;
    },

    /** A list of that name (whatever its case) in the client, other than `except`. */
    async nameTaken(clientId: string, name: string, except: number | null): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`select 1 from requisition_lists where client_accountnum = ${clientId} and lower(name) = lower(${name})
             ${except === null ? sql`` : sql`and id <> ${except}`}`,
        presenceRow,
      );
      return rows.length > 0;
    },

    async create(clientId: string, name: string, userId: string): Promise<number> {
      const rows = await queryRows(
        db,
        sql`insert into requisition_lists (client_accountnum, name, created_by, updated_by)
            values (${clientId}, ${name}, ${userId}, ${userId}) returning id::int`,
        idRow,
      );
      return rows[0]!.id;
    },

    async update(id: number, userId: string, change: { name?: string; locked?: boolean }) {
      await db.execute(sql`update requisition_lists
          set name = coalesce(${change.name ?? null}, name),
              locked = coalesce(${change.locked ?? null}::boolean, locked),
              updated_by = ${userId}, updated_at = now()
        where id = ${id}`);
    },

    /** Marks a change of the list's lines. */
    async touch(id: number, userId: string) {
      await db.execute(sql`update requisition_lists set updated_by = ${userId}, updated_at = now() where id = ${id}`);
    },

    async remove(id: number) {
      await db.execute(sql`delete from requisition_lists where id = ${id}`);
    },

    async copyLines(from: number, to: number) {
      await db.execute(sql`insert into requisition_list_lines (list_id, article_id, quantity)
          select ${to}, article_id, quantity from requisition_list_lines where list_id = ${from} order by id`);
    },

    /** The lines of the caller's open cart for the client (article and quantity). */
    async cartLines(userId: string, clientId: string): Promise<{ articleId: number; quantity: number }[]> {
      return queryRows(
        db,
        sql`select l.article_id as "articleId", l.quantity from carts c join cart_lines l on l.cart_id = c.id
             where c.user_id = ${userId} and c.client_accountnum = ${clientId} and c.status = 'open'
             order by l.created_at, l.id`,
        z.object({ articleId: z.number(), quantity: z.number() }),
      );
    },

    /** Those of these articles that exist and are sold. */
    async soldArticles(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await queryRows(
        db,
        sql`select a.id from articles a
             where a.id in (select (jsonb_array_elements_text(${json(ids)}))::int) and not a.withdrawn`,
        idRow,
      );
      return rows.map((r) => r.id);
    },

    /**
     * Adds lines in one statement: an article the list holds gets the quantity added, held at 9999. Answers each
     * written line's article and whether its quantity was held (`capped`). `lines` hold each article once.
     */
    async addLines(
      listId: number,
      lines: { a: number; q: number }[],
    ): Promise<{ article_id: number; capped: boolean }[]> {
      if (lines.length === 0) return [];
      return queryRows(
        db,
        sql`with x as (select * from jsonb_to_recordset(${json(lines)}) as x(a int, q int)),
            before as (select l.article_id, l.quantity from requisition_list_lines l
                        where l.list_id = ${listId} and l.article_id in (select a from x))
            insert into requisition_list_lines as t (list_id, article_id, quantity)
            select ${listId}, x.a, least(x.q, ${QUANTITY.max}) from x
            on conflict (list_id, article_id) do update
              set quantity = least(t.quantity + excluded.quantity, ${QUANTITY.max})
            returning t.article_id,
              (coalesce((select b.quantity from before b where b.article_id = t.article_id), 0)
                 + (select x.q from x where x.a = t.article_id)) > ${QUANTITY.max} as capped`,
        z.object({ article_id: z.number(), capped: z.boolean() }),
      );
    },

    async lineCount(listId: number): Promise<number> {
      const rows = await queryRows(
        db,
        sql`select count(*)::int as n from requisition_list_lines where list_id = ${listId}`,
        countRow,
      );
      return rows[0]!.n;
    },

    async setQuantity(listId: number, lineId: number, quantity: number): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`update requisition_list_lines set quantity = ${quantity}
             where id = ${lineId} and list_id = ${listId} returning id`,
        presenceRow,
      );
      return rows.length > 0;
    },

    async removeLine(listId: number, lineId: number): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`delete from requisition_list_lines where id = ${lineId} and list_id = ${listId} returning id`,
        presenceRow,
      );
      return rows.length > 0;
    },

    /** The list's lines with today's price for the client and the stock of every store together. */
    async lines(listId: number, clientId: string): Promise<ListLineRow[]> {
      return queryRows(
        db,
        sql`select l.id::int as id, l.article_id, a.ref_jumasa, a.description, l.quantity, ${listPriceSql('a')}::text as pv1d,
                   ${netPriceSql(clientId, 'a')} as net, a.withdrawn,
                   case when a.stock_tracked then
                     (select coalesce(sum(greatest(s.quantity, 0)), 0)::int from stock_available s
                       where s.article_id = a.id) end as stock
              from requisition_list_lines l join articles a on a.id = l.article_id
             where l.list_id = ${listId}
             order by l.id`,
        listLineRow,
      );
    },
  };
}
export type ListsRepository = ReturnType<typeof listsRepository>;
