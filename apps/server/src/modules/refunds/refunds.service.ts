import type { GridQuery } from '@portal/contract/grids';
import {
  type AddInvoiceLineToRefund,
  type AddToRefund,
  type FinishRefundCart,
  REFUND_MESSAGES,
  type RefundDetail,
  type RefundLine,
  type RefundsCart,
  type ReturnableLine,
} from '@portal/contract/refunds';
import type { Db } from '../../db/client.ts';
import { documentScope } from '../../lib/sql-format.sql.ts';
import type { Principal } from '../../plugins/auth.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { queueRefundMails } from './refund-mails.ts';
import type { SlipLine } from './refund-rows.ts';
import { checkQuantity, refuseUnlessMayReturn, returnableOf } from './refund-rules.ts';
import { refundStages } from './refund-stages.repository.ts';
import type { RefundsRepository } from './refunds.repository.ts';

type Deps = {
  repo: RefundsRepository;
  clock: () => Date;
  lineFiles: {
    linePaths: (lineId: number, tx: Db) => Promise<string[]>;
    dropPaths: (paths: string[]) => Promise<void>;
  };
};
type Line = { linenum?: number; articleId?: number };

const addressLabel = (a: { name: string; street: string; city: string; zipcode: string }) =>
  `${a.name} - ${a.street}, ${a.zipcode} ${a.city}`;

/**
 * The returns' rules (issue 13; decision 0028). Every change of what is asked of a delivered line (add, edit
 * quantity, finish) runs in one transaction holding that line's row lock (`for update` on erp_packing_slip_lines),
 * then sums what the other refund lines of it ask: two tabs adding the same line at once are served one after
 * the other, and the second sees the first's line. Nothing is written when a rule refuses.
 */
export function refundsService({ repo, clock, lineFiles }: Deps) {
  const db = repo.db;
  const tx = <T>(work: (t: Db) => Promise<T>) => db.transaction((t) => work(t));

  async function returnable(t: Db, slip: SlipLine, except?: number): Promise<ReturnableLine> {
    const returned = await repo.returnedQuantity(t, slip.packing_slip_id, slip.line_no, except);
    return returnableOf(slip, returned, await repo.windowDays(t), clock());
  }

  /**
   * comprobardevolucion of one line: the line (the caller's only), what earlier returns asked of its slip and the
   * return window, read at once (one round trip instead of three; nothing of another client's slip is answered).
   */
  async function checkLine(p: Principal, slipId: string, by: Line): Promise<ReturnableLine> {
    const [slip, returned, days] = await Promise.all([
      repo.slipLine(db, documentScope(p), slipId, by),
      repo.returnedBySlip(slipId),
      repo.windowDays(),
    ]);
    if (!slip) throw notFound();
    return returnableOf(slip, returned.get(slip.line_no) ?? 0, days, clock());
  }

  /** The caller's cart line (404 when it is not one: another client's, another user's, or a finished refund's). */
  async function ownCartLine(t: Db, p: Principal, lineId: number) {
    const line = await repo.line(t, lineId, p.clientId);
    if (line?.stage !== 'cart' || line.user_id !== p.id) throw notFound();
    return line;
  }

  async function addLine(
    p: Principal,
    slipId: string,
    by: Line,
    b: { motivo: number; quantity: number; userscomentarios: string },
  ) {
    refuseUnlessMayReturn(p);
    return tx(async (t) => {
      if (!(await repo.reasonExists(t, b.motivo))) throw badRequest(REFUND_MESSAGES.reasonRequired);
      const slip = await repo.slipLine(t, p.clientId, slipId, by, true);
      if (!slip) throw notFound();
      const cart = await repo.ensureCart(t, p);
      const existing = await repo.cartLineOf(t, cart.id, slip.packing_slip_id, slip.line_no);
      const current = existing ? (await repo.line(t, existing.id, p.clientId))!.quantity : 0;
      // What is left once every other line asked its part (this cart's line of it included).
      checkQuantity(await returnable(t, slip), b.quantity);
      if (existing) {
        await repo.updateLine(t, existing.id, {
          quantity: current + b.quantity,
          reasonId: b.motivo,
          ...(b.userscomentarios ? { comment: b.userscomentarios } : {}),
        });
        return { id: existing.id, returntablewebid: cart.id };
      }
      const id = await repo.insertLine(t, cart.id, slip, b.motivo, b.quantity, b.userscomentarios);
      return { id, returntablewebid: cart.id };
    });
  }

  return {
    repo,

    reasons: (lang: string) => repo.reasons(lang),

    /** comprobardevolucion: what can still be returned of one line of the caller's packing slip. */
    check: (p: Principal, slipId: string, by: Line) => checkLine(p, slipId, by),

    /**
     * The same for every line of a packing slip: its lines (the caller's only), what earlier returns asked of it and
     * the return window, read at once (nothing of another client's slip is answered: no lines, a 404).
     */
    async checkSlip(p: Principal, slipId: string): Promise<ReturnableLine[]> {
      const [lines, returned, days] = await Promise.all([
        repo.slipLines(documentScope(p), slipId),
        repo.returnedBySlip(slipId),
        repo.windowDays(),
      ]);
      if (lines.length === 0) throw notFound();
      return lines.map((l) => returnableOf(l, returned.get(l.line_no) ?? 0, days, clock()));
    },

    /** comprobardevolucion for an invoice line: the packing slip line it was delivered on. */
    async checkInvoiceLine(p: Principal, invoiceId: string, lineNo: number): Promise<ReturnableLine> {
      const found = await repo.invoiceSlipLine(db, documentScope(p), invoiceId, lineNo);
      if (found === 'no-invoice-line') throw notFound();
      if (!found) throw badRequest(REFUND_MESSAGES.notReturnable, 'no packing slip delivered this invoice line');
      return checkLine(p, found.packing_slip_id, { linenum: found.line_no });
    },

    add: (p: Principal, b: AddToRefund) =>
      addLine(p, b.packingslipid, { linenum: b.linenum, articleId: b.id_articulo }, b),

    async addInvoiceLine(p: Principal, b: AddInvoiceLineToRefund) {
      refuseUnlessMayReturn(p);
      const found = await repo.invoiceSlipLine(db, p.clientId, b.invoiceid, b.linenum);
      if (found === 'no-invoice-line') throw notFound();
      if (!found) throw badRequest(REFUND_MESSAGES.notReturnable, 'no packing slip delivered this invoice line');
      return addLine(p, found.packing_slip_id, { linenum: found.line_no }, b);
    },

    /** getrefundscart: the caller's cart and its lines (Id 0 when there is none). */
    async cart(p: Principal, lang: string): Promise<RefundsCart> {
      const cart = await repo.cartOf(db, p.id);
      if (!cart) return { Id: 0, lines: [] };
      return { Id: cart.id, lines: await repo.linesIn(db, cart.id, lang) };
    },

    async cartIsEmpty(p: Principal): Promise<0 | 1> {
      const cart = await repo.cartOf(db, p.id);
      if (!cart) return 1;
      return (await repo.lines(db, cart.id)).length === 0 ? 1 : 0;
    },

    /** getreturntablewebid: the cart's id and, for a packing slip line, the cart line holding it. */
    async cartIds(p: Principal, slipId: string | undefined, by: Line) {
      const cart = await repo.cartOf(db, p.id);
      if (!cart) return { returntablewebid: 0, lineid: 0 };
      if (!slipId) return { returntablewebid: cart.id, lineid: 0 };
      const slip = await repo.slipLine(db, p.clientId, slipId, by);
      if (!slip) throw notFound();
      const line = await repo.cartLineOf(db, cart.id, slip.packing_slip_id, slip.line_no);
      return { returntablewebid: cart.id, lineid: line?.id ?? 0 };
    },

    async editQuantity(p: Principal, lineId: number, quantity: number): Promise<RefundLine> {
      return tx(async (t) => {
        const line = await ownCartLine(t, p, lineId);
        const slip = await repo.slipLine(
          t,
          p.clientId,
          line.packing_slip_id,
          { linenum: line.packing_slip_line_no },
          true,
        );
        if (!slip) throw notFound();
        checkQuantity(await returnable(t, slip, line.id), quantity);
        await repo.updateLine(t, line.id, { quantity });
        return (await repo.lines(t, line.refund_id)).find((l) => l.id === line.id)!;
      });
    },

    async editComment(p: Principal, lineId: number, comment: string): Promise<RefundLine> {
      return tx(async (t) => {
        const line = await ownCartLine(t, p, lineId);
        await repo.updateLine(t, line.id, { comment });
        return (await repo.lines(t, line.refund_id)).find((l) => l.id === line.id)!;
      });
    },

    async removeLine(p: Principal, lineId: number): Promise<void> {
      const paths = await tx(async (t) => {
        const line = await ownCartLine(t, p, lineId);
        const stored = await lineFiles.linePaths(line.id, t);
        await repo.deleteLine(t, line.id);
        return stored;
      });
      await lineFiles.dropPaths(paths);
    },

    /**
     * finishCart: the cart becomes a refund (STATUS 1, requested). The observations and the address are the
     * caller's; every line's quantity is checked again under its lock, and the window too.
     */
    async finish(p: Principal, b: FinishRefundCart, baseUrl: string) {
      refuseUnlessMayReturn(p);
      return tx(async (t) => {
        const cart = await repo.cartOf(t, p.id);
        if (!cart || cart.id !== b.id) throw notFound();
        const address = (await repo.addresses(p.clientId, t)).find((a) => a.id === b.Direccion_Usuario);
        if (!address) throw badRequest(REFUND_MESSAGES.addressRequired);
        const lines = await repo.lines(t, cart.id);
        if (lines.length === 0) throw badRequest(REFUND_MESSAGES.cartEmpty);
        const ordered = [...lines].sort((a, b) =>
          a.packingslipid === b.packingslipid ? a.id_linea - b.id_linea : a.packingslipid < b.packingslipid ? -1 : 1,
        );
        let first: SlipLine | null = null;
        for (const line of ordered) {
          const slip = await repo.slipLine(t, p.clientId, line.packingslipid, { linenum: line.id_linea }, true);
          if (!slip) throw notFound();
          if (line.id === lines[0]!.id) first = slip;
          checkQuantity(await returnable(t, slip, line.id), line.quantity);
        }
        await refundStages.requested(t, cart.id, clock(), {
          observations: b.observations,
          address_id: address.id,
          address_text: addressLabel(address),
          store_id: first?.store_id ?? null,
          store_name: first?.store_name ?? null,
        });
        await repo.addEvent(t, cart.id, 'requested');
        await queueRefundMails(repo, t, cart.id, 'requested', baseUrl);
        return { returntablewebid: cart.id };
      });
    },

    /** The customer withdraws a refund the store has not received yet. */
    async cancel(p: Principal, id: number, baseUrl: string) {
      await tx(async (t) => {
        const refund = await repo.refund(t, id, p.clientId, true);
        if (!refund || refund.stage === 'cart') throw notFound();
        if (refund.stage !== 'requested') throw badRequest(REFUND_MESSAGES.stateChanged, refund.stage);
        await refundStages.cancelled(t, id, clock());
        await repo.addEvent(t, id, 'cancelled');
        await queueRefundMails(repo, t, id, 'cancelled', baseUrl);
      });
    },

    grid: (p: Principal, query: GridQuery) => repo.grid(query, documentScope(p)),

    /** getlinesbyrefundid/{id}. */
    async lines(p: Principal, id: number, lang: string): Promise<RefundLine[]> {
      const header = await repo.header(id, documentScope(p));
      if (!header) throw notFound();
      return repo.linesIn(db, id, lang);
    },

    /** A refund's page: header, lines, timeline; staff also read the notes and the ERP's error. */
    async detail(p: Principal, id: number, lang: string, staff: boolean): Promise<RefundDetail> {
      const header = await repo.header(id, documentScope(p));
      if (!header) throw notFound();
      const [lines, events] = await Promise.all([repo.linesIn(db, id, lang), repo.events(id)]);
      const detail: RefundDetail = {
        header,
        lines,
        events: events as RefundDetail['events'],
        credit_note_url: header.CREDITNOTEID ? `/api/inrefund/creditnote/${id}` : null,
      };
      if (staff) {
        const refund = await repo.refund(db, id, null);
        detail.notes = await repo.notes(id);
        detail.erp_error = refund?.erp_error ?? null;
      }
      return detail;
    },

    /** The client's addresses to return from (the default first and selected). */
    async addresses(p: Principal) {
      const rows = await repo.addresses(p.clientId);
      return rows.map((a, i) => ({ id: a.id, label: addressLabel(a), selected: i === 0 }));
    },
  };
}
export type RefundsService = ReturnType<typeof refundsService>;
