import { createHash, type Hash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type ArticleRow,
  type ClientRow,
  FEED_BATCH_ROWS,
  FEED_IDEMPOTENCY_DAYS,
  FEED_JSON_BODY_LIMIT,
  FEED_MAX_ERRORS,
  FEED_MESSAGES,
  FEED_ROWS,
  type Feed,
  type FeedResult,
  type PriceRow,
  type RefundResultRow,
  type StockRow,
  type StoreRow,
  type WebOrderResultRow,
} from '@portal/contract/integration-feeds';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { findUnsafeText } from '../../lib/input-strings.ts';
import { AppError } from '../../plugins/errors.ts';
import { applyArticles, applyStores } from './catalog-appliers.repository.ts';
import { DOCUMENT_SPECS } from './document-feeds.ts';
import { feedsRepository } from './feeds.repository.ts';
import {
  applyClients,
  applyPrices,
  applyStock,
  applyWebOrderResults,
  type RowOutcome,
} from './sync-appliers.repository.ts';

/**
 * The ERP's feeds (issue 23; decision 0060). A body is read as a stream, row by row (NDJSON) or as one JSON array,
 * and applied `FEED_BATCH_ROWS` rows a transaction through the sync appliers, one set-based statement a batch. While
 * a batch is written the next one is read, and no more: the server holds two batches at most, whatever the body's size.
 */

/** The ERP's answer to refunds, applied by the returns' area (app.ts composes it; decision 0067). */
export type RefundResultsApplier = (
  tx: Db,
  rows: { refundId: number; returnSalesId: string | null; creditNoteId: string | null; error: string | null }[],
  context: { now: Date; baseUrl: string },
) => Promise<RowOutcome[]>;

type ApplyContext = { now: Date; baseUrl: string; refundResults: RefundResultsApplier };

type FeedSpec<R> = {
  schema: z.ZodType<R>;
  /** The row's key as the ERP names it, read from the raw row (a malformed one too). */
  key: (row: Record<string, unknown>) => string;
  /** Each row's outcome: 'applied', 'unchanged', or the reason it was refused. */
  apply: (tx: Db, rows: R[], context: ApplyContext) => Promise<readonly string[]>;
  /** After the batch is applied, in its transaction. */
  after?: (tx: Db, rows: R[], outcomes: readonly string[], now: Date) => Promise<void>;
};

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

const SPECS: { [F in Feed]: FeedSpec<z.output<(typeof FEED_ROWS)[F]>> } = {
  stock: {
    schema: FEED_ROWS.stock,
    key: (r) => ((r.ITEMID ?? r.INVENTLOCATIONID) === undefined ? '' : `${text(r.ITEMID)}/${text(r.INVENTLOCATIONID)}`),
    apply: (tx, rows: StockRow[], { baseUrl }) =>
      applyStock(
        tx,
        rows.map((r) => ({
          itemId: r.ITEMID,
          storeId: r.INVENTLOCATIONID,
          quantity: r.AVAILPHYSICAL ?? null,
          remove: r._delete === true,
        })),
        baseUrl,
      ),
  },
  prices: {
    schema: FEED_ROWS.prices,
    key: (r) => text(r.ITEMID),
    apply: (tx, rows: PriceRow[]) =>
      applyPrices(
        tx,
        rows.map((r) => ({ itemId: r.ITEMID, pv1d: r.PV1D })),
      ),
    // A price of an unknown article is kept in the sync error queue; one applied resolves its article's kept price.
    after: (tx, rows: PriceRow[], outcomes, now) =>
      feedsRepository(tx).keepPrices(
        rows.filter((_, i) => outcomes[i] === 'unknown-article').map((r) => ({ itemId: r.ITEMID, pv1d: r.PV1D })),
        rows.filter((_, i) => outcomes[i] === 'applied').map((r) => r.ITEMID),
        now,
      ),
  },
  clients: {
    schema: FEED_ROWS.clients,
    key: (r) => text(r.ACCOUNTNUM),
    apply: (tx, rows: ClientRow[]) =>
      applyClients(
        tx,
        rows.map((r) => ({
          accountnum: r.ACCOUNTNUM,
          name: r.NAME,
          commercialName: r.NOMCOMERCIAL,
          taxId: r.CIF,
          email: r.EMAIL,
          phone: r.PHONE,
          storeId: r.ALMACEN,
          ordersBlocked: r.BOQPEDIDO,
          allBlocked: r.BLOQTODO,
        })),
      ),
  },
  'web-order-results': {
    schema: FEED_ROWS['web-order-results'],
    key: (r) => text(r.WEBORDERID),
    apply: (tx, rows: WebOrderResultRow[]) =>
      applyWebOrderResults(
        tx,
        rows.map((r) => ({ webOrderId: r.WEBORDERID, salesIds: r.SALESID ?? null, error: r.ERROR ?? null })),
      ),
  },
  'refund-results': {
    schema: FEED_ROWS['refund-results'],
    key: (r) => text(r.REFUNDID),
    apply: (tx, rows: RefundResultRow[], { refundResults, now, baseUrl }) =>
      refundResults(
        tx,
        rows.map((r) => ({
          refundId: r.REFUNDID,
          returnSalesId: r.RETURNSALESTABLEID ?? null,
          creditNoteId: r.CREDITNOTEID ?? null,
          error: r.ERROR ?? null,
        })),
        { now, baseUrl },
      ),
  },
  ...DOCUMENT_SPECS,
  // Decision 0065: a new ITEMID takes the price the prices feed kept for it, in the same statement.
  articles: {
    schema: FEED_ROWS.articles,
    key: (r) => text(r.ITEMID),
    apply: (tx, rows: ArticleRow[], { now }) =>
      applyArticles(
        tx,
        rows.map((r) => ({
          itemId: r.ITEMID,
          name: r.ITEMNAME,
          names: r.NAMES?.map((n) => ({ lang: n.LANGUAGEID, name: n.NAME })),
          family: r.FAMILY,
          supplier: r.PROVEEDOR,
          pv1d: r.PV1D,
          novelty: r.NOVEDAD,
          offer: r.OFERTA,
          eurocode: r.EUROCODE,
          oem: r.OEM,
          fitments: r.FITMENTS?.map((f) => ({ modelId: f.MODELID, engineId: f.ENGINEID ?? null })),
          remove: r._delete === true,
        })),
        now,
      ),
  },
  stores: {
    schema: FEED_ROWS.stores,
    key: (r) => text(r.INVENTLOCATIONID),
    apply: (tx, rows: StoreRow[]) =>
      applyStores(
        tx,
        rows.map((r) => ({
          storeId: r.INVENTLOCATIONID,
          name: r.NAME,
          street: r.STREET,
          city: r.CITY,
          zipcode: r.ZIPCODE,
          province: r.STATE,
          latitude: r.LATITUDE,
          longitude: r.LONGITUDE,
          phone: r.PHONE,
          noticeEmail: r.JUMNOTICEMAIL,
          returnEmail: r.JUMRETURNMAIL,
          remove: r._delete === true,
        })),
      ),
  },
};

/** The body, and the portal's base URL for the links of the e-mails a row may queue. */
export type FeedBody = { stream: Readable; ndjson: boolean; baseUrl?: string };
export type FeedAnswer = { status: number; answer: FeedResult; replayed: boolean; rows: number };

type Parsed = { n: number; row: unknown; modified: number | null };

function malformed(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  const first = issues[0];
  return `malformed: ${first ? `${first.path.map(String).join('.') || 'row'}: ${first.message}` : 'row'}`;
}

/** Without a refunds applier (tests of other feeds) every refund answer is refused as unknown. */
const noRefunds: RefundResultsApplier = async (_tx, rows) => rows.map(() => 'unknown-refund');

export function feedsService(options: {
  db: Db;
  clock: () => Date;
  batchRows?: number;
  refundResults?: RefundResultsApplier;
}) {
  const { db, clock } = options;
  const refundResults = options.refundResults ?? noRefunds;
  const batchRows = options.batchRows ?? FEED_BATCH_ROWS;
  const repo = feedsRepository(db);

  /** Reads the body, applying its rows batch by batch; `hash` sees every byte. */
  async function applyBody(feed: Feed, body: FeedBody, hash: Hash, startedAt: Date) {
    const spec = SPECS[feed] as FeedSpec<unknown>;
    const result: FeedResult = { applied: 0, unchanged: 0, refused: 0, errors: [], errorsLeftOff: 0 };
    let rows = 0;
    let newest: number | null = null;
    const refuse = (n: number, key: string, reason: string) => {
      result.refused++;
      if (result.errors.length < FEED_MAX_ERRORS) result.errors.push({ row: n, key, reason });
      else result.errorsLeftOff++;
    };

    let batch: Parsed[] = [];
    let writing: Promise<void> = Promise.resolve();
    const write = async (parsed: Parsed[]) => {
      const outcomes = await db.transaction(async (tx) => {
        const values = parsed.map((p) => p.row);
        const out = await spec.apply(tx, values, { now: clock(), baseUrl: body.baseUrl ?? '', refundResults });
        await spec.after?.(tx, values, out, clock());
        return out;
      });
      parsed.forEach((p, i) => {
        const outcome = outcomes[i];
        if (outcome === 'applied') result.applied++;
        else if (outcome === 'unchanged') result.unchanged++;
        else refuse(p.n, spec.key(p.row as Record<string, unknown>), outcome ?? 'not applied');
        if (p.modified !== null && (newest === null || p.modified > newest)) newest = p.modified;
      });
    };
    // One batch is written while the next is read; the reading waits for the write before it hands over another.
    const flush = async () => {
      const full = batch;
      batch = [];
      await writing;
      writing = write(full);
      // Keeps a failed write from being an unhandled rejection while the next batch is read; awaited below.
      writing.catch(() => {});
    };
    /**
     * One row read. `plain`: its JSON text has no \u escape, so it cannot hold a NUL or a lone surrogate (a raw NUL
     * is no JSON, and the UTF-8 decoder turns a bad byte sequence into U+FFFD): the walk over its strings is skipped.
     * The row's key is spelled only when it is refused: a million rows make no million keys.
     */
    const take = async (value: unknown, parseError: string | null, plain = false) => {
      rows++;
      const keyOf = () => spec.key((value && typeof value === 'object' ? value : {}) as Record<string, unknown>);
      if (parseError) return refuse(rows, keyOf(), parseError);
      const unsafe = plain ? null : findUnsafeText(value);
      if (unsafe) return refuse(rows, keyOf(), `malformed: ${unsafe.path || 'row'}: ${unsafe.reason}`);
      const parsed = spec.schema.safeParse(value);
      if (!parsed.success) return refuse(rows, keyOf(), malformed(parsed.error.issues));
      const at = (parsed.data as { MODIFIEDDATETIME?: string }).MODIFIEDDATETIME;
      batch.push({ n: rows, row: parsed.data, modified: at ? Date.parse(at) : null });
      if (batch.length >= batchRows) await flush();
    };

    if (body.ndjson) {
      let rest = '';
      const line = async (l: string) => {
        if (l.trim() === '') return;
        let value: unknown;
        try {
          value = JSON.parse(l);
        } catch {
          return take(null, 'malformed: not JSON');
        }
        return take(value, null, !l.includes('\\u'));
      };
      body.stream.setEncoding('utf8');
      for await (const chunk of body.stream as AsyncIterable<string>) {
        hash.update(chunk);
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const l of lines) await line(l);
      }
      await line(rest);
    } else {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of body.stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > FEED_JSON_BODY_LIMIT) throw new AppError(413, 'WARN_FeedBodyTooLarge', FEED_MESSAGES.tooLarge);
        hash.update(chunk);
        chunks.push(chunk);
      }
      let value: unknown;
      try {
        value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        throw new AppError(400, 'WARN_FeedNotArray', FEED_MESSAGES.notArray);
      }
      if (!Array.isArray(value)) throw new AppError(400, 'WARN_FeedNotArray', FEED_MESSAGES.notArray);
      chunks.length = 0;
      for (const v of value) await take(v, null);
    }
    if (batch.length > 0) await flush();
    await writing;
    // Refusals found while reading come before those of the writes: listed in row order.
    result.errors.sort((a, b) => a.row - b.row);
    return { result, rows, newest: newest as number | null, startedAt };
  }

  /** Only the digest of a body (a retry under a known key is compared, not applied). */
  async function digestOnly(body: FeedBody, hash: Hash) {
    if (body.ndjson) body.stream.setEncoding('utf8');
    for await (const chunk of body.stream as AsyncIterable<string | Buffer>) hash.update(chunk);
    return hash.digest('hex');
  }

  const newHash = (feed: Feed) => createHash('sha256').update(`${feed}\n`);

  /**
   * Applies a feed's body for a machine client. With an idempotency key: the first call with it is applied and its
   * answer kept; another with the same body answers the same; another body is 422; one while the first runs, 409.
   */
  async function receive(clientId: string, feed: Feed, body: FeedBody, key: string | null): Promise<FeedAnswer> {
    const startedAt = clock();
    if (key !== null && !(await repo.claimKey(clientId, key, feed))) {
      const known = await repo.key(clientId, key);
      if (!known?.answer || known.status === null)
        throw new AppError(409, 'WARN_FeedInProgress', FEED_MESSAGES.idempotencyInProgress);
      const digest = await digestOnly(body, newHash(feed));
      if (digest !== known.digest)
        throw new AppError(422, 'WARN_FeedIdempotencyOtherBody', FEED_MESSAGES.idempotencyOtherBody);
      const { applied, unchanged, refused } = known.answer;
      return { status: known.status, answer: known.answer, replayed: true, rows: applied + unchanged + refused };
    }
    const hash = newHash(feed);
    let done: Awaited<ReturnType<typeof applyBody>>;
    try {
      done = await applyBody(feed, body, hash, startedAt);
    } catch (error) {
      if (key !== null) await repo.releaseKey(clientId, key);
      throw error;
    }
    const { result, rows, newest } = done;
    await repo.recordBatch({
      clientId,
      feed,
      rows,
      applied: result.applied,
      unchanged: result.unchanged,
      refused: result.refused,
      startedAt,
      finishedAt: clock(),
      newestRowAt: newest === null ? null : new Date(newest),
    });
    if (key !== null) {
      await repo.keepAnswer(clientId, key, hash.digest('hex'), 200, result);
      await repo.forgetKeys(clock(), FEED_IDEMPOTENCY_DAYS);
    }
    return { status: 200, answer: result, replayed: false, rows };
  }

  return { receive, lastBatches: repo.lastBatches };
}
export type FeedsService = ReturnType<typeof feedsService>;
