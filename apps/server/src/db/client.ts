import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { z } from 'zod';
import { DEFAULT_SEARCH_POOL_SIZE } from '../config.ts';
import * as catalogSchema from './schema/catalog.ts';
import * as coreSchema from './schema/schema.ts';

const schema = { ...coreSchema, ...catalogSchema };

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = 'pglite' | 'postgres';

/** The database of the app: a Drizzle handle plus the few raw operations Drizzle does not cover. */
export type Database = {
  kind: DbKind;
  db: Db;
  /** Runs a script of several statements in one transaction (migrations): all of it or nothing. */
  execScript(script: string): Promise<void>;
  /** Runs work holding a cluster-wide lock, so that several instances never migrate or seed at once. */
  withLock<T>(lockId: number, work: () => Promise<T>): Promise<T>;
  /**
   * Listens to a notification channel. `live(true)` once listening (again), `live(false)` when the connection
   * is lost: notifications sent meanwhile are lost too. Reconnects by itself.
   */
  listen(channel: string, handlers: Listener): Promise<Listening>;
  /** The connection pool's state, for metrics; null on PGlite (one connection in the process, no pool). */
  pool: { max: number; inUse(): number; idle(): number; waiting(): number } | null;
  close(): Promise<void>;
};

export type Listener = { notify: (payload: string) => void; live: (listening: boolean) => void };
export type Listening = {
  /** Resolves once every notification committed before the call has been handled. */
  settled(): Promise<void>;
  close(): Promise<void>;
};

// timestamptz and numeric come back as strings; the repositories convert where they need to.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  /** Connections of the pool of prepared searches (`queryRowsReused`), kept open once opened. */
  searchPoolSize?: number;
  memory?: boolean;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl)
    return openPostgres(
      options.databaseUrl,
      options.poolSize ?? 20,
      options.searchPoolSize ?? DEFAULT_SEARCH_POOL_SIZE,
    );
  return openPglite(options.memory ? undefined : path.join(options.dataDir ?? './data', 'pglite'));
}

/**
 * Settings of every connection of the portal's pools (and of the benches' bare SQL, which measure the same thing):
 * no JIT compilation (decision 0049): the portal's statements are short index walks whose cost estimates can pass
 * jit_above_cost, and compiling then costs 20 ms or more for a statement that runs in 1.
 */
export const POSTGRES_SESSION_OPTIONS = '-c jit=off';

/**
 * The sessions of the pool of prepared statements (`queryRowsReused`) also run a prepared statement's generic plan
 * (decision 0096). Left to choose, PostgreSQL compared the generic plan's estimate with the plans it made for the
 * values and kept planning the reference and free-text searches at every run: 2.5 ms of planning for a statement
 * that runs in 1. The setting applies to every statement with parameters, unnamed ones too, which is why it is not
 * the main pool's: there a grid's count, whose limit is a parameter, walked an index to its end for a rare pattern
 * (3.5 s where a plan made for the values takes 0.6 ms).
 */
export const POSTGRES_REUSED_SESSION_OPTIONS = `${POSTGRES_SESSION_OPTIONS} -c plan_cache_mode=force_generic_plan`;

/** The pool of prepared statements of each main pool (the main pool is the one Drizzle's handle holds). */
const reusedPools = new WeakMap<pg.Pool, pg.Pool>();

async function openPostgres(url: string, poolSize: number, searchPoolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: POSTGRES_SESSION_OPTIONS });
  // The prepared searches' own pool: its connections stay open once opened (`min`), warm (see DEFAULT_SEARCH_POOL_SIZE).
  const reused = new pg.Pool({
    connectionString: url,
    max: searchPoolSize,
    min: searchPoolSize,
    options: POSTGRES_REUSED_SESSION_OPTIONS,
  });
  reusedPools.set(pool, reused);
  // An idle connection the server closes (restart, failover, a dropped test database) must not crash
  // the process: the pool discards it and opens another on the next query.
  for (const p of [pool, reused])
    p.on('error', (error) => console.warn(`PostgreSQL: an idle connection was closed (${error.message})`));
  await Promise.all([pool.query('select 1'), reused.query('select 1')]);
  return {
    kind: 'postgres',
    db: drizzlePg({ client: pool, schema }),
    async execScript(script) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(script);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async withLock(lockId, work) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [lockId]);
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [lockId]).catch(() => undefined);
        client.release();
      }
    },
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    // Both pools' connections together.
    pool: {
      max: poolSize + searchPoolSize,
      inUse: () => pool.totalCount - pool.idleCount + reused.totalCount - reused.idleCount,
      idle: () => pool.idleCount + reused.idleCount,
      waiting: () => pool.waitingCount + reused.waitingCount,
    },
    close: async () => {
      await Promise.all([pool.end(), reused.end()]);
    },
  };
}

/**
 * A connection of its own that listens, and reconnects (0.5 s, doubling to 30 s) when lost. PostgreSQL sends a
 * listening session the notifications committed before it answers that session's next query, so a query on it
 * is the barrier `settled` needs.
 */
async function listenPostgres(url: string, channel: string, handlers: Listener): Promise<Listening> {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let delay = 500;
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().catch(() => {
        delay = Math.min(delay * 2, 30_000);
        schedule();
      });
    }, delay);
    retry.unref();
  };
  async function connect() {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (message) => {
      if (message.channel === channel) handlers.notify(message.payload ?? '');
    });
    c.on('error', () => undefined);
    c.on('end', () => {
      if (client !== c) return;
      client = null;
      handlers.live(false);
      schedule();
    });
    try {
      await c.connect();
      await c.query(`listen "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      await c.end().catch(() => undefined);
      throw error;
    }
    if (closed) return void (await c.end());
    client = c;
    delay = 500;
    handlers.live(true);
  }
  await connect().catch(schedule);
  return {
    async settled() {
      await client?.query('select 1').catch(() => undefined);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      handlers.live(false);
      await c?.end().catch(() => undefined);
    },
  };
}

async function openPglite(dir: string | undefined): Promise<Database> {
  if (dir) fs.mkdirSync(dir, { recursive: true });
  // Loaded only when used: a PostgreSQL deployment never pays for the embedded database's memory.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  const extensions = { pg_trgm };
  const client = dir ? await PGlite.create(dir, { extensions }) : await PGlite.create({ extensions });
  return {
    kind: 'pglite',
    db: drizzlePglite({ client, schema }),
    pool: null,
    async execScript(script) {
      await client.transaction(async (tx) => {
        await tx.exec(script);
      });
    },
    // PGlite is a single connection owned by this process: there is nobody to lock out.
    withLock: (_lockId, work) => work(),
    async listen(channel, handlers) {
      const unlisten = await client.listen(channel, (payload) => handlers.notify(payload));
      handlers.live(true);
      return {
        // A query delivers what the session has pending.
        settled: async () => void (await client.query('select 1')),
        async close() {
          handlers.live(false);
          await unlisten().catch(() => undefined);
        },
      };
    },
    close: () => client.close(),
  };
}

/**
 * Rows of a raw SQL query (both drivers answer `{ rows }`), each parsed by `row` (decision 0093): the type a
 * repository gets is the one that was checked, numeric text read as a number by `numeric` of `db/rows.ts`, stored
 * JSON by its contract schema. A row that does not match throws `RowMismatch` (a 500: the query and its schema
 * disagree). There is no form without a schema: a test reads unchecked rows through `test/rows.ts`.
 */
export async function queryRows<S extends z.ZodType>(db: Db, query: SQL, row: S): Promise<z.output<S>[]> {
  return parseRows(await driverRows(db, query), row);
}

/** The rows as the driver answers them, not parsed yet (both drivers answer `{ rows }`). */
async function driverRows(db: Db, query: SQL): Promise<unknown[]> {
  const { rows } = (await db.execute(query)) as { rows: unknown[] };
  return rows;
}

/** A row read from the database that its schema refuses: the query and the schema disagree. */
export class RowMismatch extends Error {}

export function parseRows<S extends z.ZodType>(rows: unknown[], row: S): z.output<S>[] {
  const out: z.output<S>[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const parsed = row.safeParse(rows[i]);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new RowMismatch(`Row ${i} does not match its schema: ${issue?.path.join('.')}: ${issue?.message}`);
    }
    out[i] = parsed.data;
  }
  return out;
}

const dialect = new PgDialect();

/** The name a reused statement is prepared under: its text's hash (a name always means one text). */
export const statementName = (text: string) => `r_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;

/**
 * queryRows for the hottest reads (catalogue searches). On PostgreSQL the statement is prepared once per
 * connection of the pool of prepared statements, named after its text, so that later runs skip parsing, and planned
 * once: its generic plan serves every run (POSTGRES_REUSED_SESSION_OPTIONS). Its SQL must therefore read as index bounds whatever the values:
 * equalities and ranges, not `LIKE 'x%'` (which only a known value turns into a range), and limits that bound a
 * walk written as literals. Elsewhere (PGlite, inside a transaction) it is queryRows.
 */
export async function queryRowsReused<S extends z.ZodType>(db: Db, query: SQL, row: S): Promise<z.output<S>[]> {
  const client = (db as { $client?: unknown }).$client;
  let rows: unknown[];
  if (client instanceof pg.Pool) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const pool = reusedPools.get(client) ?? client;
    rows = (await pool.query({ name: statementName(text), text, values: params as unknown[] })).rows;
  } else rows = await driverRows(db, query);
  return parseRows(rows, row);
}

/** The pool `queryRowsReused` prepares its statements on, beside a main pool (tests look at its sessions). */
export const reusedPoolOf = (pool: pg.Pool): pg.Pool | undefined => reusedPools.get(pool);
