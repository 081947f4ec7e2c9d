import { sql } from 'drizzle-orm';

/**
 * The small, real trickle of changes the demo ERP makes to its data (demo mode only), the same whichever way it
 * reaches the portal: the sync procedures' journal (decision 0045, `modules/sync/demo-erp.repository.ts`) or the feeds it
 * pushes over HTTP as an integration client (decision 0074, `modules/integration/demo-erp-changes.repository.ts`).
 */

/** About this many rows of each kind at a time. */
export const DEMO_BATCH = { prices: 30, stock: 40, salesOrders: 5, packingSlips: 3, invoices: 2 } as const;

/** The store the ERP has and the portal does not: its stock rows are refused (the sync error queue, a feed's refusal). */
export const DEMO_UNKNOWN_STORE = 'ALM-BAJA';

/** The demo accounts' clients, never blocked by the demo ERP. */
export const DEMO_PROTECTED_CLIENTS = sql`('C00000', 'C00001', 'C00002')`;
