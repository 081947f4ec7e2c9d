import { DEFAULT_LANGUAGE, isLanguageKey, type LanguageKey } from '@portal/contract/constants';
import type { GridQuery, GridResponse } from '@portal/contract/grids';
import type { RefundDecidedData } from '@portal/contract/integration-events';
import {
  REFUND_LIMITS,
  REFUNDS_GRID,
  type RefundHeader,
  type RefundLine,
  refundHeader,
  returnableQuantity,
} from '@portal/contract/refunds';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { countRow, idRow, presenceRow } from '../../db/rows.ts';
import { runGrid } from '../../db/run-grid.ts';
import { EVERY_CLIENT_COUNT_CAP, type GridSource, gridSpec, planGrid } from '../../lib/jqgrid.sql.ts';
import { isoTimestamp } from '../../lib/sql-format.sql.ts';
import {
  type CartRefund,
  cartRefund,
  type LineRow,
  type LineSelectRow,
  lineRow,
  lineSelectRow,
  type RefundRow,
  refundRow,
  type SlipLine,
  slipLine,
} from './refund-rows.ts';
import { loadReturnOrder } from './refunds-erp.repository.ts';

/** The refunds grid's allow-list over `refunds r` (the cart, stage 'cart', is never in it). */
export const REFUNDS_SPEC = gridSpec(
  REFUNDS_GRID,
  {
    Id: { column: sql`r.id`, integer: true },
    Fecha_Peticion: sql`r.requested_at`,
    Fecha_Tramitacion: sql`r.processed_at`,
    CUSTACCOUNT: sql`r.client_accountnum`,
    CUSTNAME: sql`r.client_name`,
    INVENTLOCATIONID: sql`r.store_id`,
    INVENTLOCATIONNAME: sql`r.store_name`,
    OBSERVATIONS: sql`r.observations`,
    STATUS: { column: sql`r.status`, integer: true, allValue: '-1' },
    STAGE: sql`r.stage`,
    RETURNSALESTABLEID: sql`r.return_sales_id`,
    CREDITNOTEID: sql`r.credit_note_id`,
  },
  sql`r.id`,
);

const headerSelect = (from: SQL) => sql`
  select r.id::int as "Id", ${isoTimestamp(sql`r.requested_at`)} as "Fecha_Peticion",
         ${isoTimestamp(sql`r.processed_at`)} as "Fecha_Tramitacion", r.client_accountnum as "CUSTACCOUNT",
         r.client_name as "CUSTNAME", r.store_id as "INVENTLOCATIONID", r.store_name as "INVENTLOCATIONNAME",
         r.observations as "OBSERVATIONS", r.status::int as "STATUS", r.stage as "STAGE",
         r.return_sales_id as "RETURNSALESTABLEID", r.credit_note_id as "CREDITNOTEID",
         r.address_text as "Direccion_Usuario",
         coalesce(q.lines, 0)::int as "LINES", coalesce(q.quantity, 0)::int as "QUANTITY"
  from ${from} r
  left join lateral (select count(*) as lines, sum(l.quantity) as quantity
                       from refund_lines l where l.refund_id = r.id) q on true`;

export const refundsGridSource = (clientId: string | null): GridSource => ({
  table: 'refunds',
  alias: 'r',
  key: 'id',
  scope: [sql`r.stage <> 'cart'`, clientId === null ? undefined : sql`r.client_accountnum = ${clientId}`],
  project: headerSelect,
  countOrder: clientId === null ? undefined : sql`r.client_accountnum, r.requested_at, r.id`,
  // Staff see every client's refunds: as on the document grids, "more than 1,000" is all they need before refining.
  countCap: clientId === null ? EVERY_CLIENT_COUNT_CAP : undefined,
});

/**
 * What the returns of a delivered line ask for, the one SQL rule (decisions 0028, 0071): the quantities of its refund
 * lines in any stage (the refunds cart included) but those of cancelled refunds and the rejected lines; `except` leaves
 * one refund line out (the one being edited). What is left to return is `returnableQuantity` of the contract.
 */
const askedOf = (slipId: SQL, lineNo: SQL, except?: SQL) => sql`
  (select coalesce(sum(o.quantity), 0)::int from refund_lines o join refunds orf on orf.id = o.refund_id
    where o.packing_slip_id = ${slipId} and o.packing_slip_line_no = ${lineNo}
      and orf.stage <> 'cancelled' and o.decision is distinct from 'rejected'
      ${except === undefined ? sql`` : sql`and o.id <> ${except}`})`;

const LINE_SELECT = sql`
  select l.id::int as id, l.packing_slip_line_no as id_linea, l.refund_id::int as returntablewebid,
         l.packing_slip_id as packingslipid, l.article_id as id_articulo, l.item_id as itemid, l.name,
         l.quantity, (pl.quantity)::float8 as delivered, l.reason_id::int as motivo,
         coalesce(rt.name, rte.name, '') as motivo_name, l.comment as userscomentarios, l.decision,
         l.decision_reason, (select count(*) from refund_files f where f.line_id = l.id)::int as files,
         ${askedOf(sql`l.packing_slip_id`, sql`l.packing_slip_line_no`, sql`l.id`)} as others
  from refund_lines l
  left join erp_packing_slip_lines pl on pl.packing_slip_id = l.packing_slip_id and pl.line_no = l.packing_slip_line_no`;

const toLine = (r: LineSelectRow): RefundLine => {
  const { delivered, others, ...rest } = r;
  return { ...rest, maxquantity: returnableQuantity(delivered ?? 0, others) };
};

export function refundsRepository(db: Db) {
  return {
    db,

    /** The return window in days: the setting refunds.window_days (migration 0018 writes 30), else the contract's default. */
    async windowDays(tx: Db = db): Promise<number> {
      const [row] = await queryRows(
        tx,
        sql`select value from app_settings where key = 'refunds.window_days'`,
        z.object({ value: z.string() }),
      );
      const n = Number(row?.value);
      return Number.isInteger(n) && n >= 0 ? n : REFUND_LIMITS.windowDaysDefault;
    },

    reasons: (lang: string) =>
      queryRows(
        db,
        sql`select r.id::int as id, coalesce(t.name, te.name, r.id::text) as name
              from return_reasons r
              left join return_reason_texts t on t.reason_id = r.id and t.lang = ${lang}
              left join return_reason_texts te on te.reason_id = r.id and te.lang = 'es'
             where r.active order by r.sort, r.id`,
        z.object({ id: z.number(), name: z.string() }),
      ),

    async reasonExists(tx: Db, id: number): Promise<boolean> {
      const rows = await queryRows(tx, sql`select 1 from return_reasons where id = ${id} and active`, presenceRow);
      return rows.length > 0;
    },

    /**
     * A delivered line of a packing slip of the client (null: any client); by line number, or the first line of
     * the article. `lock` takes the line's row lock: every change of what is asked of a line holds it, so two
     * requests never both see the same quantity left (decision 0028).
     */
    async slipLine(
      tx: Db,
      clientId: string | null,
      slipId: string,
      by: { linenum?: number; articleId?: number },
      lock = false,
    ): Promise<SlipLine | null> {
      const which =
        by.linenum !== undefined ? sql`l.line_no = ${by.linenum}` : sql`l.article_id = ${by.articleId ?? -1}`;
      const [row] = await queryRows(
        tx,
        sql`select l.packing_slip_id, l.line_no, p.client_accountnum, l.article_id, l.item_id, l.name,
                   l.quantity::float8 as delivered, to_char(p.delivery_date, 'YYYY-MM-DD') as delivery_date,
                   p.store_id, p.store_name
              from erp_packing_slip_lines l
              join erp_packing_slips p on p.packing_slip_id = l.packing_slip_id
             where l.packing_slip_id = ${slipId} and ${which}
               ${clientId === null ? sql`` : sql`and p.client_accountnum = ${clientId}`}
             order by l.line_no limit 1 ${lock ? sql`for update of l` : sql``}`,
        slipLine,
      );
      return row ?? null;
    },

    /** Every line of a packing slip of the client (null: any client). */
    slipLines: (clientId: string | null, slipId: string) =>
      queryRows(
        db,
        sql`select l.packing_slip_id, l.line_no, p.client_accountnum, l.article_id, l.item_id, l.name,
                   l.quantity::float8 as delivered, to_char(p.delivery_date, 'YYYY-MM-DD') as delivery_date,
                   p.store_id, p.store_name
              from erp_packing_slip_lines l
              join erp_packing_slips p on p.packing_slip_id = l.packing_slip_id
             where l.packing_slip_id = ${slipId}
               ${clientId === null ? sql`` : sql`and p.client_accountnum = ${clientId}`}
             order by l.line_no`,
        slipLine,
      ),

    /** The packing slip line an invoice line was delivered on (same sales line, among the invoice's slips). */
    async invoiceSlipLine(
      tx: Db,
      clientId: string | null,
      invoiceId: string,
      lineNo: number,
    ): Promise<{ packing_slip_id: string; line_no: number } | null | 'no-invoice-line'> {
      const [line] = await queryRows(
        tx,
        sql`select il.sales_id, il.sales_line_no from erp_invoice_lines il
              join erp_invoices i on i.invoice_id = il.invoice_id
             where il.invoice_id = ${invoiceId} and il.line_no = ${lineNo}
               ${clientId === null ? sql`` : sql`and i.client_accountnum = ${clientId}`}`,
        z.object({ sales_id: z.string(), sales_line_no: z.number() }),
      );
      if (!line) return 'no-invoice-line';
      const [slip] = await queryRows(
        tx,
        sql`select l.packing_slip_id, l.line_no from erp_packing_slip_lines l
              join erp_packing_slips p on p.packing_slip_id = l.packing_slip_id
             where l.sales_id = ${line.sales_id} and l.sales_line_no = ${line.sales_line_no}
               ${clientId === null ? sql`` : sql`and p.client_accountnum = ${clientId}`}
             order by (l.packing_slip_id in (select packing_slip_id from erp_packing_slip_invoices
                                              where invoice_id = ${invoiceId})) desc,
                      p.delivery_date desc, l.packing_slip_id, l.line_no
             limit 1`,
        z.object({ packing_slip_id: z.string(), line_no: z.number() }),
      );
      return slip ?? null;
    },

    /**
     * What earlier returns of a delivered line asked for: every refund line of it (the carts included) but the
     * rejected ones and those of cancelled refunds; `except` leaves one refund line out (the one being edited).
     */
    async returnedQuantity(tx: Db, slipId: string, lineNo: number, except?: number): Promise<number> {
      const [row] = await queryRows(
        tx,
        sql`select ${askedOf(sql`${slipId}`, sql`${lineNo}`, except === undefined ? undefined : sql`${except}`)} as n`,
        countRow,
      );
      return Number(row?.n ?? 0);
    },

    /** What earlier returns asked for of each line of a packing slip. */
    async returnedBySlip(slipId: string): Promise<Map<number, number>> {
      const rows = await queryRows(
        db,
        sql`select l.line_no, ${askedOf(sql`l.packing_slip_id`, sql`l.line_no`)} as n
              from erp_packing_slip_lines l where l.packing_slip_id = ${slipId}`,
        z.object({ line_no: z.number(), n: z.number() }),
      );
      return new Map(rows.map((r) => [Number(r.line_no), Number(r.n)]));
    },

    async cartOf(tx: Db, userId: string): Promise<CartRefund | null> {
      const [row] = await queryRows(
        tx,
        sql`select id::int as id, client_accountnum, user_id, stage from refunds
             where user_id = ${userId} and stage = 'cart'`,
        cartRefund,
      );
      return row ?? null;
    },

    /** The user's refunds cart, made when there is none (two requests at once make one). */
    async ensureCart(tx: Db, user: { id: string; clientId: string }): Promise<CartRefund> {
      await tx.execute(
        sql`insert into refunds (client_accountnum, client_name, user_id)
            select c.accountnum, c.name, ${user.id} from clients c where c.accountnum = ${user.clientId}
            on conflict (user_id) where stage = 'cart' do nothing`,
      );
      const cart = await this.cartOf(tx, user.id);
      if (!cart) throw new Error(`no refunds cart for ${user.id}`);
      return cart;
    },

    async cartLineOf(tx: Db, refundId: number, slipId: string, lineNo: number): Promise<{ id: number } | null> {
      const [row] = await queryRows(
        tx,
        sql`select id::int as id from refund_lines
             where refund_id = ${refundId} and packing_slip_id = ${slipId} and packing_slip_line_no = ${lineNo}`,
        idRow,
      );
      return row ?? null;
    },

    async insertLine(
      tx: Db,
      refundId: number,
      line: SlipLine,
      reasonId: number,
      quantity: number,
      comment: string,
    ): Promise<number> {
      const [row] = await queryRows(
        tx,
        sql`insert into refund_lines (refund_id, client_accountnum, packing_slip_id, packing_slip_line_no, store_id,
                                      article_id, item_id, name, reason_id, quantity, comment)
            values (${refundId}, ${line.client_accountnum}, ${line.packing_slip_id}, ${line.line_no}, ${line.store_id},
                    ${line.article_id}, ${line.item_id}, ${line.name}, ${reasonId}, ${quantity}, ${comment})
            returning id::int as id`,
        idRow,
      );
      return row!.id;
    },

    /** A refund line with its refund's stage and user, within the client's scope (null: any). */
    async line(tx: Db, lineId: number, clientId: string | null): Promise<LineRow | null> {
      const [row] = await queryRows(
        tx,
        sql`select l.id::int as id, l.refund_id::int as refund_id, l.client_accountnum, l.packing_slip_id,
                   l.packing_slip_line_no, l.store_id, l.quantity, l.reason_id::int as reason_id, l.comment,
                   l.decision, r.stage, r.user_id
              from refund_lines l join refunds r on r.id = l.refund_id
             where l.id = ${lineId} ${clientId === null ? sql`` : sql`and l.client_accountnum = ${clientId}`}`,
        lineRow,
      );
      return row ?? null;
    },

    async updateLine(tx: Db, lineId: number, set: { quantity?: number; comment?: string; reasonId?: number }) {
      await tx.execute(
        sql`update refund_lines set
              quantity = coalesce(${set.quantity ?? null}::int, quantity),
              comment = coalesce(${set.comment ?? null}::text, comment),
              reason_id = coalesce(${set.reasonId ?? null}::smallint, reason_id)
            where id = ${lineId}`,
      );
    },

    async deleteLine(tx: Db, lineId: number): Promise<void> {
      await tx.execute(sql`delete from refund_lines where id = ${lineId}`);
    },

    /** The lines of a refund (in the order they were added), reasons in Spanish. */
    lines(tx: Db, refundId: number): Promise<RefundLine[]> {
      return this.linesIn(tx, refundId, 'es');
    },

    /** The lines of a refund with the reasons in a language. */
    async linesIn(tx: Db, refundId: number, lang: string): Promise<RefundLine[]> {
      const rows = await queryRows(
        tx,
        sql`${LINE_SELECT}
            left join return_reason_texts rt on rt.reason_id = l.reason_id and rt.lang = ${lang}
            left join return_reason_texts rte on rte.reason_id = l.reason_id and rte.lang = 'es'
            where l.refund_id = ${refundId} order by l.id`,
        lineSelectRow,
      );
      return rows.map(toLine);
    },

    async refund(tx: Db, id: number, clientId: string | null, lock = false): Promise<RefundRow | null> {
      const [row] = await queryRows(
        tx,
        sql`select id::int as id, client_accountnum, user_id, stage, status::int as status, store_id, return_sales_id,
                   credit_note_id, erp_error
              from refunds where id = ${id}
               ${clientId === null ? sql`` : sql`and client_accountnum = ${clientId}`}
               ${lock ? sql`for update` : sql``}`,
        refundRow,
      );
      return row ?? null;
    },

    async header(id: number, clientId: string | null): Promise<RefundHeader | null> {
      const [row] = await queryRows(
        db,
        sql`${headerSelect(sql`(select * from refunds where id = ${id} and stage <> 'cart'
              ${clientId === null ? sql`` : sql`and client_accountnum = ${clientId}`})`)}`,
        refundHeader,
      );
      return row ?? null;
    },

    grid(query: GridQuery, clientId: string | null): Promise<GridResponse<RefundHeader>> {
      return runGrid(db, planGrid(REFUNDS_SPEC, query), refundsGridSource(clientId), refundHeader);
    },

    /**
     * A decided refund's accepted lines as its `refund.decided` event tells the ERP (decision 0059): the same read as
     * the return order the ERP job sends (`loadReturnOrder`), in the event's field names.
     */
    async decidedData(tx: Db, refundId: number): Promise<RefundDecidedData> {
      const r = await loadReturnOrder(tx, refundId);
      return {
        Id: refundId,
        CUSTACCOUNT: r.clientId,
        INVENTLOCATIONID: r.storeId,
        Fecha_Peticion: r.requestedAt.toISOString(),
        OBSERVATIONS: r.observations,
        Direccion_Usuario: r.address,
        LINES: r.lines.map((l) => ({
          LINEID: l.lineId,
          PACKINGSLIPID: l.packingSlipId,
          LINENUM: l.packingSlipLineNo,
          ITEMID: l.itemId,
          ITEMNAME: l.name,
          QTY: l.quantity,
          REASONID: l.reasonId,
        })),
      };
    },

    async addEvent(tx: Db, refundId: number, kind: string, lineId: number | null = null, detail: string | null = null) {
      await tx.execute(
        sql`insert into refund_events (refund_id, kind, line_id, detail) values (${refundId}, ${kind}, ${lineId}, ${detail})`,
      );
    },

    events: (refundId: number) =>
      queryRows(
        db,
        sql`select kind, ${isoTimestamp(sql`at`)} as at, line_id::int as lineid, detail
              from refund_events where refund_id = ${refundId} order by at, id`,
        z.object({ kind: z.string(), at: z.string(), lineid: z.number().nullable(), detail: z.string().nullable() }),
      ),

    notes: (refundId: number) =>
      queryRows(
        db,
        sql`select id::int as id, author, body, ${isoTimestamp(sql`at`)} as at
              from refund_notes where refund_id = ${refundId} order by id`,
        z.object({ id: z.number(), author: z.string(), body: z.string(), at: z.string() }),
      ),

    async addNote(refundId: number, author: string, body: string) {
      await db.execute(
        sql`insert into refund_notes (refund_id, author, body) values (${refundId}, ${author}, ${body})`,
      );
    },

    addresses: (clientId: string, tx: Db = db) =>
      queryRows(
        tx,
        sql`select id, name, street, city, zipcode, is_default from client_addresses
             where client_accountnum = ${clientId} order by is_default desc, id`,
        z.object({
          id: z.number(),
          name: z.string(),
          street: z.string(),
          city: z.string(),
          zipcode: z.string(),
          is_default: z.boolean(),
        }),
      ),

    /** E-mail addresses: the user's (else the client's) and the return address of each store of a refund. */
    /** The customer's address and language (the user's, else the client's address in Spanish); the stores' return addresses. */
    async mailTargets(
      tx: Db,
      refundId: number,
    ): Promise<{
      customer: { email: string; language: LanguageKey } | null;
      stores: string[];
      userId: string | null;
    }> {
      const [c] = await queryRows(
        tx,
        sql`select coalesce(u.email, c.email) as email, u.language, r.user_id from refunds r
              join clients c on c.accountnum = r.client_accountnum
              left join users u on u.id = r.user_id where r.id = ${refundId}`,
        z.object({ email: z.string().nullable(), language: z.string().nullable(), user_id: z.string().nullable() }),
      );
      const stores = await queryRows(
        tx,
        sql`select distinct s.return_email as email from refund_lines l join stores s on s.id = l.store_id
             where l.refund_id = ${refundId} and s.return_email is not null and s.return_email <> ''
             order by 1`,
        z.object({ email: z.string() }),
      );
      const language = isLanguageKey(c?.language) ? c.language : DEFAULT_LANGUAGE;
      return {
        customer: c?.email ? { email: c.email, language } : null,
        stores: stores.map((s) => s.email),
        userId: c?.user_id ?? null,
      };
    },

    async queueMail(tx: Db, mails: { to: string; subject: string; body: string }[]) {
      if (mails.length === 0) return;
      await tx.execute(
        sql`insert into mail_outbox (recipient, subject, body) values ${sql.join(
          mails.map((m) => sql`(${m.to}, ${m.subject}, ${m.body})`),
          sql`, `,
        )}`,
      );
    },
  };
}
export type RefundsRepository = ReturnType<typeof refundsRepository>;
