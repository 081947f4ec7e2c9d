import type { InvoiceRow, PackingSlipRow, SalesOrderRow } from '@portal/contract/integration-documents';
import type { IntegrationEvent, RefundDecidedData, WebOrderCreatedData } from '@portal/contract/integration-events';
import type {
  ClientRow,
  FeedResult,
  PriceRow,
  RefundResultRow,
  StockRow,
  WebOrderResultRow,
} from '@portal/contract/integration-feeds';
import { creditNoteId, returnSalesId, webSalesId } from '../../lib/erp-document-ids.ts';
import { repeatEvery } from '../../lib/repeat-every.ts';

/**
 * The demo ERP as an integration client like any other (issue 23, "Production never pretends"; decision 0067). It
 * signs in with OAuth 2 client credentials at `POST /token`, reads the portal's events from the pull feed, does the
 * ERP's part (its `ErpSide`: the demo database's ERP tables inside the portal, ids alone in the CLI), answers through
 * the `web-order-results` and `refund-results` feeds, and acknowledges the events it answered. When its feed interval
 * allows, it also pushes its data's changes (prices, stock, clients, sales orders, packing slips, invoices) through
 * the feeds a real ERP uses (decision 0074). Nothing here touches the portal's database: everything goes over HTTP,
 * the way a Dynamics middleware would.
 *
 * This module imports no database code, so that the CLI (`npm run demo-erp`) runs it against any portal.
 */

/** The demo ERP's public client id (its secret is made at every start and kept in memory only). */
export const DEMO_ERP_CLIENT_ID = 'ic_demo_erp';
export const DEMO_ERP_NAME = 'ERP de demostración';

export type WebOrderAnswer = { salesIds: string[] } | { error: string };
export type RefundAnswer = { returnSalesId: string; creditNoteId: string | null } | { error: string };

/** The feeds the demo ERP pushes its data's changes through, in the order it sends them (decision 0074). */
export const PUSHED_FEEDS = ['prices', 'stock', 'clients', 'sales-orders', 'packing-slips', 'invoices'] as const;
export type PushedFeed = (typeof PUSHED_FEEDS)[number];
type PushedRow = {
  prices: PriceRow;
  stock: StockRow;
  clients: ClientRow;
  'sales-orders': SalesOrderRow;
  'packing-slips': PackingSlipRow;
  invoices: InvoiceRow;
};
/** One batch the ERP sends on a feed: rows as the ERP names them. */
export type FeedPush = { [F in PushedFeed]: { feed: F; rows: PushedRow[F][] } }[PushedFeed];

/** What the ERP does with what the portal sends, and the changes of its own data it sends. */
export type ErpSide = {
  readonly name: string;
  /** Idempotent: an event read twice answers the same. */
  webOrder(data: WebOrderCreatedData): Promise<WebOrderAnswer>;
  refund(data: RefundDecidedData): Promise<RefundAnswer>;
  /** The batches of the changes its data has at `at` (an empty batch is not sent). */
  changes(at: Date): Promise<FeedPush[]>;
};

/** One HTTP exchange with the portal (the answer's header names in lower case). */
export type Http = (request: {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}) => Promise<{ status: number; body: string; headers: Record<string, string> }>;

/** HTTP with `fetch` to a portal's base URL. */
export function fetchHttp(baseUrl: string, timeoutMs = 30_000): Http {
  return async ({ method, path, headers, body }) => {
    const res = await fetch(new URL(path, baseUrl), {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: res.status, body: await res.text(), headers: Object.fromEntries(res.headers) };
  };
}

/**
 * The ERP side of the CLI: no tables, only the ERP's answers, with the demo's id shapes. An order with no lines is
 * refused, as the built-in ERP refuses it.
 */
export const idsOnlyErpSide: ErpSide = {
  name: 'ids-only',
  async webOrder(data) {
    if (data.LINES.length === 0) return { error: 'ERP: el pedido no tiene líneas' };
    return { salesIds: [webSalesId(data.Id)] };
  },
  async refund(data) {
    if (data.LINES.length === 0) return { error: 'ERP: la devolución no tiene líneas aceptadas' };
    return { returnSalesId: returnSalesId(data.Id), creditNoteId: creditNoteId(data.Id) };
  },
  // No tables: no data of its own to send.
  async changes() {
    return [];
  },
};

type Tally = { rows: number; applied: number; unchanged: number; refused: number };
/** A batch pushed: its key and the portal's answer (`replayed`: answered from the key's first call, nothing applied). */
export type PushedBatch = Tally & { feed: PushedFeed; key: string; replayed: boolean };
export type DemoErpPass = {
  /** Events read (every type; only web orders and refunds are answered). */
  events: number;
  webOrders: Tally;
  refunds: Tally;
  /** The batches of its data's changes pushed in this pass (none unless the feed interval allows; decision 0074). */
  feeds: PushedBatch[];
  /**
   * Why the push stopped (its batches go again, under the same keys, at the next pass), or null. A failed push does
   * not fail the pass: the events were answered, and staff's send now reads their outcome.
   */
  pushError: string | null;
  /** Rows the portal refused, with their key and reason. */
  refusals: { feed: string; key: string; reason: string }[];
  /** The cursor acknowledged at the end. */
  cursor: number | null;
};

type Log = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
const PAGE = 100;

export class DemoErpError extends Error {}

export function demoErpClient(options: {
  http: Http;
  clientId: string;
  secret: string;
  side: ErpSide;
  log?: Log;
  /** At least this long between two pushes of its data's changes; 0 or left out: never pushed (decision 0074). */
  feedIntervalMs?: number;
  clock?: () => Date;
}) {
  const { http, side } = options;
  const clock = options.clock ?? (() => new Date());
  const feedIntervalMs = options.feedIntervalMs ?? 0;
  let token: { value: string; until: number } | null = null;

  async function signIn(): Promise<string> {
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: options.clientId,
      client_secret: options.secret,
    }).toString();
    const res = await http({
      method: 'POST',
      path: '/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    if (res.status !== 200) throw new DemoErpError(`sign-in refused (${res.status}): ${res.body.slice(0, 200)}`);
    const answer = JSON.parse(res.body) as { access_token: string; expires_in: number };
    // Renewed a minute before it runs out.
    token = { value: answer.access_token, until: Date.now() + Math.max(0, answer.expires_in - 60) * 1000 };
    return token.value;
  }

  async function exchange(
    method: 'GET' | 'POST',
    path: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    for (let attempt = 0; ; attempt++) {
      const bearer = token && token.until > Date.now() ? token.value : await signIn();
      const res = await http({
        method,
        path,
        headers: {
          authorization: `Bearer ${bearer}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      });
      // A token ended by a rotation: signed in again once.
      if (res.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      if (res.status >= 400) throw new DemoErpError(`${method} ${path}: ${res.status} ${res.body.slice(0, 200)}`);
      return res;
    }
  }
  const api = async <T>(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<T> =>
    JSON.parse((await exchange(method, path, payload)).body) as T;

  async function answer(feed: 'web-order-results' | 'refund-results', rows: object[], pass: DemoErpPass) {
    if (rows.length === 0) return;
    const result = await api<FeedResult>('POST', `/api/integration/v1/feeds/${feed}`, rows);
    const tally = feed === 'web-order-results' ? pass.webOrders : pass.refunds;
    tally.rows += rows.length;
    tally.applied += result.applied;
    tally.unchanged += result.unchanged;
    tally.refused += result.refused;
    for (const e of result.errors) pass.refusals.push({ feed, key: e.key, reason: e.reason });
  }

  /**
   * The batches of its data's changes not yet all answered, each with its `Idempotency-Key` (the pass's time and the
   * feed: deterministic per batch). A pass that fails midway leaves them here, and the next pass sends them all again
   * with the same keys: the portal answers those it applied from their key's first call and applies nothing twice.
   */
  let unsent: { key: string; batch: FeedPush }[] | null = null;
  let lastPushAt: number | null = null;

  async function push(done: DemoErpPass) {
    if (unsent === null) {
      const now = clock();
      if (feedIntervalMs <= 0 || (lastPushAt !== null && now.getTime() - lastPushAt < feedIntervalMs)) return;
      const batches = (await side.changes(now)).filter((b) => b.rows.length > 0);
      lastPushAt = now.getTime();
      unsent = batches.map((batch) => ({ key: `demo-erp:${now.toISOString()}:${batch.feed}`, batch }));
    }
    for (const { key, batch } of unsent) {
      const res = await exchange('POST', `/api/integration/v1/feeds/${batch.feed}`, batch.rows, {
        'idempotency-key': key,
      });
      const result = JSON.parse(res.body) as FeedResult;
      const replayed = res.headers['idempotent-replayed'] === 'true';
      done.feeds.push({
        feed: batch.feed,
        key,
        rows: batch.rows.length,
        applied: replayed ? 0 : result.applied,
        unchanged: replayed ? 0 : result.unchanged,
        refused: replayed ? 0 : result.refused,
        replayed,
      });
      if (!replayed)
        for (const e of result.errors) done.refusals.push({ feed: batch.feed, key: e.key, reason: e.reason });
    }
    unsent = null;
  }

  /**
   * Reads every event after the acknowledged cursor, answers web orders and refunds, and acknowledges them; then
   * pushes its data's changes when the feed interval allows.
   */
  async function pass(): Promise<DemoErpPass> {
    const done: DemoErpPass = {
      events: 0,
      webOrders: { rows: 0, applied: 0, unchanged: 0, refused: 0 },
      refunds: { rows: 0, applied: 0, unchanged: 0, refused: 0 },
      feeds: [],
      pushError: null,
      refusals: [],
      cursor: null,
    };
    let after: number | null = null;
    for (;;) {
      const query: string = after === null ? `limit=${PAGE}` : `after=${after}&limit=${PAGE}`;
      const page = await api<{ events: IntegrationEvent[]; next: number; more: boolean }>(
        'GET',
        `/api/integration/v1/events?${query}`,
      );
      done.events += page.events.length;
      const webRows: WebOrderResultRow[] = [];
      const refundRows: RefundResultRow[] = [];
      for (const event of page.events) {
        if (event.type === 'web_order.created') {
          const a = await side.webOrder(event.data);
          webRows.push(
            'error' in a
              ? { WEBORDERID: event.data.Id, ERROR: a.error }
              : { WEBORDERID: event.data.Id, SALESID: a.salesIds },
          );
        } else if (event.type === 'refund.decided') {
          const a = await side.refund(event.data);
          refundRows.push(
            'error' in a
              ? { REFUNDID: event.data.Id, ERROR: a.error }
              : {
                  REFUNDID: event.data.Id,
                  RETURNSALESTABLEID: a.returnSalesId,
                  ...(a.creditNoteId ? { CREDITNOTEID: a.creditNoteId } : {}),
                },
          );
        }
      }
      await answer('web-order-results', webRows, done);
      await answer('refund-results', refundRows, done);
      if (page.events.length > 0) {
        await api('POST', '/api/integration/v1/events/ack', { cursor: page.next });
        done.cursor = page.next;
      }
      if (!page.more || page.events.length === 0) break;
      after = page.next;
    }
    try {
      await push(done);
    } catch (error) {
      done.pushError = error instanceof Error ? error.message : String(error);
      options.log?.error({ err: done.pushError }, 'demo ERP push failed: its batches go again at the next pass');
    }
    if (done.events > 0 || done.feeds.length > 0) options.log?.info({ ...done, side: side.name }, 'demo ERP pass');
    return done;
  }

  // One pass at a time: a pass asked for while one runs starts after it (it then sees what the first one did not).
  let running: Promise<unknown> = Promise.resolve();
  function runOnce(): Promise<DemoErpPass> {
    const next = running.then(pass, pass);
    running = next.catch(() => undefined);
    return next;
  }

  /** Runs a pass every `intervalMs` until stopped; stop waits for the pass under way (the loop's or one asked for). */
  function start(intervalMs: number) {
    const loop = repeatEvery(intervalMs, runOnce, (err) =>
      options.log?.error({ err: err instanceof Error ? err.message : String(err) }, 'demo ERP pass failed'),
    );
    return {
      async stop() {
        await loop.stop();
        await running;
      },
    };
  }

  return { runOnce, start };
}
export type DemoErpClient = ReturnType<typeof demoErpClient>;
