import { addDays } from '@portal/contract/stats';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows, queryRowsReused } from '../../db/client.ts';
import { int, pgText, presenceRow } from '../../db/rows.ts';

/**
 * Reads of the statistics aggregates (migration 0024, decision 0044). Every read names its exact rows: a client
 * or '*' (every client), a store or '*' (every store), so nothing is summed over clients or stores here.
 */
export type StatsScope = { client: string; store: string };
export type DayFigure = z.infer<typeof dayRow>;
export type KeyFigure = z.infer<typeof keyRow>;

const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonth = (day: string) => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
};

/**
 * The months wholly inside [from, to] as [m1, m2) (first days), or null when there is none: those are read from
 * the monthly rows, the days before m1 and from m2 on from the daily rows.
 */
export function fullMonths(from: string, to: string): [string, string] | null {
  const m1 = from.endsWith('-01') ? from : nextMonth(from);
  const m2 = firstOfMonth(addDays(to, 1));
  return m1 < m2 ? [m1, m2] : null;
}

// Rows parsed where they are read (decision 0093). The sums are numeric, converted to float8 in SQL (what Number() of
// their text gave before): a schema without a transform costs a tenth of `numeric`'s on these reads of up to 730 rows.
const dayRow = z.object({ day: pgText, amount: z.number(), quantity: z.number() });
const keyRow = z.object({ key: z.string(), amount: z.number(), quantity: z.number() });
const modelRow = z.object({ id: int, name: z.string() });
const textRow = z.object({ key: z.string(), lang: z.string(), value: z.string() });

export function statsRepository(db: Db) {
  return {
    /** The day totals (kind T) of [from, to]; days without orders are absent. */
    async days(scope: StatsScope, from: string, to: string): Promise<DayFigure[]> {
      return queryRowsReused(
        db,
        sql`select to_char(day, 'YYYY-MM-DD') as day, amount::float8 as amount, quantity::float8 as quantity
              from stats_daily
             where client_accountnum = ${scope.client} and kind = 'T' and store_id = ${scope.store}
               and day between ${from}::date and ${to}::date and lines > 0
             order by day`,
        dayRow,
      );
    },

    /** Family (F) or model (M) totals of [from, to]: whole months from the monthly rows, the ends from the daily. */
    async keys(scope: StatsScope, kind: 'F' | 'M', from: string, to: string): Promise<KeyFigure[]> {
      const base = sql`client_accountnum = ${scope.client} and kind = ${kind} and store_id = ${scope.store}`;
      const months = fullMonths(from, to);
      const parts = months
        ? sql`select key, amount, quantity, lines from stats_monthly
               where ${base} and month >= ${months[0]}::date and month < ${months[1]}::date
              union all
              select key, amount, quantity, lines from stats_daily
               where ${base} and day >= ${from}::date and day < ${months[0]}::date
              union all
              select key, amount, quantity, lines from stats_daily
               where ${base} and day >= ${months[1]}::date and day <= ${to}::date`
        : sql`select key, amount, quantity, lines from stats_daily
               where ${base} and day between ${from}::date and ${to}::date`;
      return queryRowsReused(
        db,
        sql`select key, sum(amount)::float8 as amount, sum(quantity)::float8 as quantity
              from (${parts}) x group by key having sum(lines) > 0`,
        keyRow,
      );
    },

    /** Names of vehicle models by id ("Make Model"). */
    async modelNames(ids: number[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await queryRows(
        db,
        sql`select vm.id, mk.name || ' ' || vm.name as name
              from vehicle_models vm join vehicle_makes mk on mk.id = vm.make_id
             where vm.id in (${sql.join(
               ids.map((id) => sql`${id}`),
               sql`, `,
             )})`,
        modelRow,
      );
      return new Map(rows.map((r) => [String(r.id), r.name]));
    },

    /** Dictionary texts of a language (family labels, the words of the export). */
    async texts(lang: string, keys: string[]): Promise<Map<string, string>> {
      if (keys.length === 0) return new Map();
      const rows = await queryRows(
        db,
        sql`select key, lang, value from dictionary_entries
             where lang in (${lang}, 'es') and key in (${sql.join(
               keys.map((k) => sql`${k}`),
               sql`, `,
             )})`,
        textRow,
      );
      const out = new Map<string, string>();
      for (const r of rows) if (r.lang === 'es' && !out.has(r.key)) out.set(r.key, r.value);
      for (const r of rows) if (r.lang === lang) out.set(r.key, r.value);
      return out;
    },

    async clientExists(accountnum: string): Promise<boolean> {
      const rows = await queryRows(db, sql`select 1 from clients where accountnum = ${accountnum}`, presenceRow);
      return rows.length > 0;
    },

    async storeExists(id: string): Promise<boolean> {
      const rows = await queryRows(db, sql`select 1 from stores where id = ${id}`, presenceRow);
      return rows.length > 0;
    },
  };
}
export type StatsRepository = ReturnType<typeof statsRepository>;
