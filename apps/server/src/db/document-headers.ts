import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { andAll } from '../lib/jqgrid.sql.ts';
import { type Db, queryRows } from './client.ts';

type Options<S extends z.ZodType, K> = {
  /** The header's schema (the call's own, decision 0093): each row read is parsed by it. */
  row: S;
  /** The table with its alias, as the other SQL here writes it: `erp_invoices i`. */
  from: string;
  /** The client's condition (null: every client, nothing to add). */
  scope: (clientId: string | null) => SQL | undefined;
  /** The header columns over a subquery of the table exposed under the same alias. */
  select: (from: SQL) => SQL;
  /** The condition of one document's id (a 41-prefixed id may stand for its twin). */
  idMatch: (id: K) => SQL;
  /** The grid's default order, newest first, with the id as tiebreak. */
  newestFirst: SQL;
  /** Which of several rows an id matches is answered (the stored id's order). */
  pick: SQL;
};

/** The header of one document and the newest headers, within a client's scope (part 2 §7 `getallheaders/`). */
export function documentHeaders<S extends z.ZodType, K>(db: Db, o: Options<S, K>) {
  const from = sql.raw(o.from);
  return {
    async header(id: K, clientId: string | null): Promise<z.output<S> | null> {
      const rows = await queryRows(
        db,
        sql`${o.select(sql`(select * from ${from} where ${andAll([o.scope(clientId), o.idMatch(id)])})`)}
            order by ${o.pick} limit 1`,
        o.row,
      );
      return rows[0] ?? null;
    },

    latest(clientId: string | null, limit: number): Promise<z.output<S>[]> {
      return queryRows(
        db,
        sql`${o.select(
          sql`(select * from ${from} where ${andAll([o.scope(clientId)])} order by ${o.newestFirst} limit ${limit})`,
        )} order by ${o.newestFirst}`,
        o.row,
      );
    },
  };
}

/** `in (…)` of the stored ids a typed one may stand for. */
export const idIn = (column: SQL, candidates: string[]) =>
  sql`${column} in (${sql.join(
    candidates.map((c) => sql`${c}`),
    sql`, `,
  )})`;
