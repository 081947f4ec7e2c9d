import { type StockMessage, type StoreOption, stockMessage, storeOption } from '@portal/contract/stock';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { idRow, presenceRow } from '../../db/rows.ts';

const storeIdRow = z.object({ id: z.string() });

/** A unique violation (SQLSTATE 23505) from either driver, also when the ORM wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const columns = sql`m.id as "Id", m.origin_store_id as "InventLocationOrigenId", o.name as "InventLocationOrigenName",
  m.destination_store_id as "InventLocationDestineId", d.name as "InventLocationDestineName",
  m.message as "Mensaje", m.active as "SW_Activo"`;
const from = sql`from stock_messages m join stores o on o.id = m.origin_store_id
  join stores d on d.id = m.destination_store_id`;

/**
 * The stock messages between stores (decision 0041). One message per (origin, destination): the table's unique
 * constraint is the rule, so two admins adding the same pair at once cannot both succeed.
 */
export function stockMessagesRepository(db: Db) {
  return {
    async list(store?: string): Promise<StockMessage[]> {
      const where = store ? sql`where m.origin_store_id = ${store} or m.destination_store_id = ${store}` : sql``;
      return queryRows(db, sql`select ${columns} ${from} ${where} order by o.name, d.name, m.id`, stockMessage);
    },

    async get(id: number): Promise<StockMessage | null> {
      const rows = await queryRows(db, sql`select ${columns} ${from} where m.id = ${id}`, stockMessage);
      return rows[0] ?? null;
    },

    /** The stores among `ids` that exist. */
    async existingStores(ids: string[]): Promise<Set<string>> {
      const rows = await queryRows(
        db,
        sql`select id from stores where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
        storeIdRow,
      );
      return new Set(rows.map((r) => r.id));
    },

    /** Adds a message; null when the pair already has one (nothing written). */
    async add(origin: string, destination: string, message: string): Promise<number | null> {
      const rows = await queryRows(
        db,
        sql`insert into stock_messages (origin_store_id, destination_store_id, message, active)
            values (${origin}, ${destination}, ${message}, true)
            on conflict (origin_store_id, destination_store_id) do nothing returning id`,
        idRow,
      );
      return rows[0]?.id ?? null;
    },

    /** Replaces a message: 'missing' when there is none with this id, 'duplicate' when its new pair is taken. */
    async update(
      id: number,
      v: { origin: string; destination: string; message: string; active: boolean },
    ): Promise<'ok' | 'missing' | 'duplicate'> {
      try {
        const rows = await queryRows(
          db,
          sql`update stock_messages set origin_store_id = ${v.origin}, destination_store_id = ${v.destination},
                     message = ${v.message}, active = ${v.active}
               where id = ${id} returning id`,
          idRow,
        );
        return rows.length ? 'ok' : 'missing';
      } catch (error) {
        if (isUniqueViolation(error)) return 'duplicate';
        throw error;
      }
    },

    async remove(id: number): Promise<boolean> {
      const rows = await queryRows(db, sql`delete from stock_messages where id = ${id} returning id`, presenceRow);
      return rows.length > 0;
    },

    async stores(): Promise<StoreOption[]> {
      return queryRows(db, sql`select id, name from stores order by name, id`, storeOption);
    },

    /** The stores that receive returns: those with a returns e-mail (JUMRETURNMAIL). */
    async returnStores(): Promise<StoreOption[]> {
      return queryRows(
        db,
        sql`select id, name from stores where coalesce(return_email, '') <> '' order by name, id`,
        storeOption,
      );
    },
  };
}
export type StockMessagesRepository = ReturnType<typeof stockMessagesRepository>;
