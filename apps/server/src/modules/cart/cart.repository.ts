import type { LanguageKey } from '@portal/contract/constants';
import { type ErpNames, erpNamesRead } from '@portal/contract/erp-names';
import { QUANTITY } from '@portal/contract/quantity';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { erpNameSql } from '../../db/erp-names.ts';
import { netPriceSql } from '../../db/net-price.ts';
import { countRow, idRow, presenceRow } from '../../db/rows.ts';

/** A cart line with what pricing and availability need. Prices are decimal text. */
const cartLineRow = z.object({
  id: z.number(),
  cart_id: z.number(),
  article_id: z.number(),
  ref_jumasa: z.string(),
  description: z.string(),
  family_code: z.string(),
  supplier: z.string(),
  quantity: z.number(),
  model_id: z.number().nullable(),
  search_log_id: z.number().nullable(),
  store_id: z.string().nullable(),
  job_ref: z.string().nullable(),
  stock_tracked: z.boolean(),
  pv1d: z.string(),
  net: z.string(),
  stock: z.array(z.tuple([z.string(), z.number()])),
});
export type CartLineRow = z.infer<typeof cartLineRow>;

const cartRow = z.object({
  id: z.number(),
  user_id: z.string(),
  client_accountnum: z.string(),
  status: z.enum(['open', 'finished']),
  version: z.number(),
  checkout: z.unknown(),
});
export type CartRow = z.infer<typeof cartRow>;

export type CartOwner = { userId: string; clientId: string };

/** A store a line may take its units from, with the admins' names by language (decision 0091). */
const storeNamesRow = z.object({ id: z.string(), name: z.string(), names: erpNamesRead });

export function cartRepository(db: Db) {
  /** Sets a field of a line of the cart (`set`: `column = value`); false when the line is not the cart's. */
  async function updateLine(cartId: number, lineId: number, set: SQL): Promise<boolean> {
    const rows = await queryRows(
      db,
      sql`update cart_lines set ${set}, updated_at = now() where id = ${lineId} and cart_id = ${cartId} returning id`,
      presenceRow,
    );
    return rows.length > 0;
  }

  return {
    /** The open cart of a user for a client, made when missing; `lock` holds it until the transaction ends. */
    async openCart(owner: CartOwner, lock = false): Promise<CartRow> {
      await db.execute(sql`insert into carts (user_id, client_accountnum) values (${owner.userId}, ${owner.clientId})
        on conflict (user_id, client_accountnum) where status = 'open' do nothing`);
      const rows = await queryRows(
        db,
        sql`select id::int, user_id, client_accountnum, status, version, checkout from carts
            where user_id = ${owner.userId} and client_accountnum = ${owner.clientId} and status = 'open'
            ${lock ? sql`for update` : sql``}`,
        cartRow,
      );
      // A concurrent finish may close the cart between the two statements: make a new one.
      return rows[0] ?? this.openCart(owner, lock);
    },

    /** A cart of the user (open or finished), locked when asked. */
    async cartOf(userId: string, cartId: number, lock = false): Promise<CartRow | null> {
      const rows = await queryRows(
        db,
        sql`select id::int, user_id, client_accountnum, status, version, checkout from carts
            where id = ${cartId} and user_id = ${userId} ${lock ? sql`for update` : sql``}`,
        cartRow,
      );
      return rows[0] ?? null;
    },

    /** Any cart by id, locked: the payment path, which acts for the cart's owner. */
    async lockAny(cartId: number): Promise<CartRow[]> {
      return queryRows(
        db,
        sql`select id::int, user_id, client_accountnum, status, version, checkout from carts where id = ${cartId} for update`,
        cartRow,
      );
    },

    /** Marks a change of the cart's lines (a stored checkout of an older version is priced again). */
    async bump(cartId: number) {
      await db.execute(sql`update carts set version = version + 1 where id = ${cartId}`);
    },

    async lines(cartId: number, clientId: string, lineId?: number): Promise<CartLineRow[]> {
      return queryRows(
        db,
        sql`select l.id, l.cart_id::int, l.article_id, a.ref_jumasa, a.description, a.family_code, a.supplier,
                   l.quantity, l.model_id, l.search_log_id::int, l.store_id, l.job_ref, a.stock_tracked, ap.pv1d::text as pv1d,
                   ${netPriceSql(clientId, 'a', sql`ap.pv1d`)} as net,
                   (select coalesce(json_agg(json_build_array(s.store_id, s.quantity)), '[]'::json)
                      from stock_available s where s.article_id = a.id) as stock
              from cart_lines l join articles a on a.id = l.article_id join article_prices ap on ap.article_id = a.id
             where l.cart_id = ${cartId} ${lineId === undefined ? sql`` : sql`and l.id = ${lineId}`}
             order by l.created_at, l.id`,
        cartLineRow,
      );
    },

    // A withdrawn article (decision 0065) is no longer for sale: not found.
    async articleByReference(refNorm: string) {
      const rows = await queryRows(
        db,
        sql`select id, supplier from articles where ref_norm = ${refNorm} and not withdrawn order by id limit 1`,
        z.object({ id: z.number(), supplier: z.string() }),
      );
      return rows[0] ?? null;
    },

    async articleExists(id: number): Promise<boolean> {
      return (
        (await queryRows(db, sql`select 1 from articles where id = ${id} and not withdrawn`, presenceRow)).length > 0
      );
    },

    /** Adds a line, or adds the quantity to the line of the same article (capped at 9999). */
    async addLine(
      cartId: number,
      line: {
        userId: string;
        clientId: string;
        articleId: number;
        quantity: number;
        modelId: number | null;
        supplier: string | null;
        searchLogId: number | null;
        storeId: string | null;
      },
    ): Promise<number> {
      const rows = await queryRows(
        db,
        sql`insert into cart_lines (cart_id, user_id, client_accountnum, article_id, quantity, model_id, supplier, search_log_id, store_id)
            values (${cartId}, ${line.userId}, ${line.clientId}, ${line.articleId}, ${line.quantity}, ${line.modelId},
                    ${line.supplier}, ${line.searchLogId}, ${line.storeId})
            on conflict (cart_id, article_id) do update
              set quantity = least(cart_lines.quantity + excluded.quantity, ${QUANTITY.max}),
                  store_id = coalesce(excluded.store_id, cart_lines.store_id),
                  updated_at = now()
            returning id`,
        idRow,
      );
      return rows[0]!.id;
    },

    async setQuantity(cartId: number, lineId: number, quantity: number): Promise<boolean> {
      return updateLine(cartId, lineId, sql`quantity = ${quantity}`);
    },

    /** Takes units off a line; the line goes when none is left. Answers false when the line is not in the cart. */
    async takeUnits(cartId: number, lineId: number, units: number): Promise<boolean> {
      const gone = await queryRows(
        db,
        sql`delete from cart_lines where id = ${lineId} and cart_id = ${cartId} and quantity <= ${units} returning id`,
        presenceRow,
      );
      if (gone.length > 0) return true;
      return updateLine(cartId, lineId, sql`quantity = quantity - ${units}`);
    },

    /** A line's job reference (null clears it); false when the line is not the cart's. */
    async setJobRef(cartId: number, lineId: number, jobRef: string | null): Promise<boolean> {
      return updateLine(cartId, lineId, sql`job_ref = ${jobRef}`);
    },

    async setStore(cartId: number, lineId: number, storeId: string | null): Promise<boolean> {
      return updateLine(cartId, lineId, sql`store_id = ${storeId}`);
    },

    async deleteLine(cartId: number, lineId: number): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`delete from cart_lines where id = ${lineId} and cart_id = ${cartId} returning id`,
        presenceRow,
      );
      return rows.length > 0;
    },

    async count(cartId: number): Promise<number> {
      const rows = await queryRows(
        db,
        sql`select count(*)::int as n from cart_lines where cart_id = ${cartId}`,
        countRow,
      );
      return rows[0]!.n;
    },

    /** Lines of the caller's open cart for the client, without making a cart. */
    async openCount(owner: CartOwner): Promise<number> {
      const rows = await queryRows(
        db,
        sql`select count(l.id)::int as n from carts c join cart_lines l on l.cart_id = c.id
            where c.user_id = ${owner.userId} and c.client_accountnum = ${owner.clientId} and c.status = 'open'`,
        countRow,
      );
      return rows[0]!.n;
    },

    async stores(): Promise<{ id: string; name: string; names: ErpNames }[]> {
      // Inactive stores (decision 0065) are no longer offered. `names`: the admins' by language (decision 0091).
      return queryRows(
        db,
        sql`select id, name, name_i18n as names from stores where active order by id`,
        storeNamesRow,
      );
    },

    async cartClient(userId: string): Promise<string | null> {
      const rows = await queryRows(
        db,
        sql`select cart_client_accountnum as c from users where id = ${userId}`,
        z.object({ c: z.string().nullable() }),
      );
      return rows[0]?.c ?? null;
    },

    async setCartClient(userId: string, clientId: string | null) {
      await db.execute(sql`update users set cart_client_accountnum = ${clientId} where id = ${userId}`);
    },

    async client(accountnum: string) {
      const rows = await queryRows(
        db,
        sql`select accountnum, name, store_id from clients where accountnum = ${accountnum} and not is_work_zone`,
        z.object({ accountnum: z.string(), name: z.string(), store_id: z.string().nullable() }),
      );
      return rows[0] ?? null;
    },

    async clients(orderBy: 'AccountNum' | 'Name') {
      return queryRows(
        db,
        sql`select accountnum, name from clients where not is_work_zone
            order by ${orderBy === 'Name' ? sql`name, accountnum` : sql`accountnum`}`,
        z.object({ accountnum: z.string(), name: z.string() }),
      );
    },

    async stockMessages(destination: string, lang: LanguageKey) {
      return queryRows(
        db,
        sql`select m.id, m.origin_store_id as origen, ${erpNameSql('s', lang)} as "origenNombre", m.destination_store_id as destino,
                   m.message as mensaje
              from stock_messages m join stores s on s.id = m.origin_store_id
             where m.destination_store_id = ${destination} and m.active order by m.origin_store_id`,
        z.object({
          id: z.number(),
          origen: z.string(),
          origenNombre: z.string(),
          destino: z.string(),
          mensaje: z.string(),
        }),
      );
    },
  };
}
export type CartRepository = ReturnType<typeof cartRepository>;
