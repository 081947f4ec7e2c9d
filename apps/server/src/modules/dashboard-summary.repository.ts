import { type DashboardSummary, summaryOrder, summaryRefund, summaryWebOrder } from '@portal/contract/common';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../db/client.ts';
import { countRow } from '../db/rows.ts';
import { andAll } from '../lib/jqgrid.sql.ts';
import { asNumber, isoTimestamp } from '../lib/sql-format.sql.ts';

type Summary = DashboardSummary;
/** Stages of a return that is neither in the cart nor closed. */
const OPEN_STAGES = sql`('requested', 'received', 'decided')`;
/** Stages of a return no line of which has been decided yet: staff's to decide. */
const UNDECIDED_STAGES = sql`('requested', 'received')`;

const clientIs = (column: SQL, clientId: string | null) =>
  clientId === null ? undefined : sql`${column} = ${clientId}`;

/**
 * The dashboard's blocks (issue 25; decision 0090), read from the tables the grids read, scoped the same way
 * (clientId null: every client, for staff). Small reads of the newest or oldest rows over the grids' indexes.
 */
export function dashboardSummaryRepository(db: Db) {
  const webOrders = (where: SQL | undefined, order: SQL, limit: number) =>
    queryRows(
      db,
      sql`select w.id::int as id, ${isoTimestamp(sql`w.ordered_at`)} as date, w.imported as imported,
                 ${asNumber(sql`w.net_amount`)} as amount
          from web_orders w where ${andAll([where])} order by ${order} limit ${limit}`,
      summaryWebOrder,
    );
  const refunds = (where: SQL | undefined, order: SQL, limit: number) =>
    queryRows(
      db,
      sql`select r.id::int as id, ${isoTimestamp(sql`r.requested_at`)} as date, r.stage as stage
          from refunds r where ${andAll([where])} order by ${order} limit ${limit}`,
      summaryRefund,
    );
  const count = async (table: SQL, where: SQL | undefined) => {
    const rows = await queryRows(db, sql`select count(*)::int as n from ${table} where ${andAll([where])}`, countRow);
    return rows[0]?.n ?? 0;
  };

  return {
    /** The 5 latest ERP orders with their amount (the sum of their lines). */
    latestOrders(clientId: string | null): Promise<Summary['orders']> {
      return queryRows(
        db,
        sql`select o.sales_id as id, ${isoTimestamp(sql`o.created_at`)} as date, o.status::int as status,
                   ${asNumber(sql`coalesce((select sum(l.line_amount) from erp_sales_lines l where l.sales_id = o.sales_id), 0)`)} as amount
            from (select * from erp_sales_orders o where ${andAll([clientIs(sql`o.client_accountnum`, clientId)])}
                  order by o.created_at desc, o.sales_id desc limit 5) o
            order by o.created_at desc, o.sales_id desc`,
        summaryOrder,
      );
    },

    latestWebOrders(clientId: string | null) {
      return webOrders(clientIs(sql`w.client_accountnum`, clientId), sql`w.ordered_at desc, w.id desc`, 5);
    },

    async openReturns(clientId: string | null): Promise<Summary['returns']> {
      const where = andAll([clientIs(sql`r.client_accountnum`, clientId), sql`r.stage in ${OPEN_STAGES}`]);
      const [open, latest] = await Promise.all([
        count(sql`refunds r`, where),
        refunds(where, sql`r.requested_at desc nulls last, r.id desc`, 3),
      ]);
      return { open, latest };
    },

    /** The invoiced net amount of two business months, [from, to) as yyyy-MM-dd days. */
    async invoiced(clientId: string | null, from: string, to: string): Promise<number> {
      const rows = await queryRows(
        db,
        sql`select ${asNumber(sql`coalesce(sum(i.net_amount), 0)`)} as total from erp_invoices i
            where ${andAll([
              clientIs(sql`i.client_accountnum`, clientId),
              sql`i.invoice_date >= ${from}::date`,
              sql`i.invoice_date < ${to}::date`,
            ])}`,
        z.object({ total: z.number() }),
      );
      return rows[0]?.total ?? 0;
    },

    /** Staff: the web orders not yet imported into the ERP and the returns waiting for a decision, oldest first. */
    async staffWaiting(): Promise<NonNullable<Summary['staff']>> {
      const notImported = sql`w.imported = false`;
      const undecided = sql`r.stage in ${UNDECIDED_STAGES}`;
      const [webCount, webOldest, refundCount, refundOldest] = await Promise.all([
        count(sql`web_orders w`, notImported),
        webOrders(notImported, sql`w.ordered_at, w.id`, 5),
        count(sql`refunds r`, undecided),
        refunds(undecided, sql`r.requested_at nulls last, r.id`, 5),
      ]);
      return {
        webOrdersWaiting: { count: webCount, oldest: webOldest },
        refundsWaiting: { count: refundCount, oldest: refundOldest },
      };
    },
  };
}
export type DashboardSummaryRepository = ReturnType<typeof dashboardSummaryRepository>;

/** The first day of the business month of `today` (yyyy-MM-dd), of the month before and of the month after. */
export function monthBounds(today: string): { month: string; lastStart: string; start: string; nextStart: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const day = (year: number, month: number) => {
    const d = new Date(Date.UTC(year, month - 1, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-01`;
  };
  return { month: today.slice(0, 7), lastStart: day(y, m - 1), start: day(y, m), nextStart: day(y, m + 1) };
}
