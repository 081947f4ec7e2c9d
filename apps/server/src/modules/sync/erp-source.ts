import type { SyncProcName } from '@portal/contract/sync';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';

/**
 * Where the sync procedures read the ERP (decision 0045). The portal reads each procedure's changes in order,
 * after a cursor it keeps (`sync_procedures.cursor`), and applies them to its own tables (sync-appliers.repository.ts);
 * the source never writes the portal's tables. The built-in demo ERP (demo-erp.repository.ts) answers from a journal it
 * fills with a steady trickle of changes; a connector to a real ERP implements the same interface and is passed
 * to the sync runner instead.
 *
 * - `begin` is called once when a run starts (not again when another instance takes the run over); a source
 *   may fetch or prepare its changes there. Throwing fails the run (the message becomes its error).
 * - `changes` answers up to `limit` changes with `seq > cursor`, in `seq` order; the same cursor always answers
 *   the same changes, so a run taken over after a crash reads again what was not committed.
 * - `pending` says how many changes follow the cursor (the run's progress total), or null when unknown.
 */
export type ErpChange = { seq: number; key: string; data: Record<string, unknown> };

/**
 * An ERP change's data as stored (jsonb: the demo ERP's journal, the sync error queue): an object of any ERP row,
 * whose fields the procedure's applier checks. Checked as an object, not copied key by key (`z.record` allocates
 * per key: 0.7 ms and pauses up to 40 ms for 500 rows on the shared machine, against 0.12 ms).
 */
export const erpData = z.custom<Record<string, unknown>>(
  (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
  'an object',
);

export type ErpSourceContext = { db: Db; now: Date };

export interface ErpSource {
  readonly name: string;
  begin(proc: SyncProcName, context: ErpSourceContext): Promise<void>;
  changes(proc: SyncProcName, cursor: number, limit: number, context: ErpSourceContext): Promise<ErpChange[]>;
  pending(proc: SyncProcName, cursor: number, context: ErpSourceContext): Promise<number | null>;
}

/** The source of a production instance with no connector configured: every run fails, saying so. */
export const noErpSource: ErpSource = {
  name: 'none',
  async begin() {
    throw new Error('No hay conector ERP configurado: la sincronización necesita uno (decisión 0045)');
  },
  async changes() {
    return [];
  },
  async pending() {
    return 0;
  },
};

/** The change payloads each procedure reads (what a connector maps the ERP's rows to). */
/** A price names its article by the portal's id (the procedures) or by ITEMID (a price the prices feed kept). */
export type PriceChange = { articleId?: number; itemId?: string; pv1d: string };
export type StockChange = { articleId: number; storeId: string; quantity: number };
export type ClientChange = { accountnum: string; ordersBlocked: boolean };
export type SalesOrderChange = {
  salesId: string;
  client: string;
  createdAt: string;
  storeId: string;
  customerRef: string;
  dlvMode: string;
  lines: { articleId: number; quantity: number; price: string; discountPct: string }[];
};
export type PackingSlipChange = { packingSlipId: string; salesId: string; deliveryDate: string };
export type InvoiceChange = { invoiceId: string; salesId: string; invoiceDate: string };
