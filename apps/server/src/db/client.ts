import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
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
  close(): Promise<void>;
};

// timestamptz and numeric come back as strings; the repositories convert where they need to.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type DatabaseOptions = { databaseUrl?: string; dataDir?: string; poolSize?: number; memory?: boolean };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 20);
  return openPglite(options.memory ? undefined : path.join(options.dataDir ?? './data', 'pglite'));
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection the server closes (restart, failover, a dropped test database) must not crash
  // the process: the pool discards it and opens another on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL: an idle connection was closed (${error.message})`));
  await pool.query('select 1');
  return {
    kind: 'postgres',
    db: drizzlePg({ client: pool, schema }) as unknown as Db,
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
    close: () => pool.end(),
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
    db: drizzlePglite({ client, schema }) as unknown as Db,
    async execScript(script) {
      await client.transaction(async (tx) => {
        await tx.exec(script);
      });
    },
    // PGlite is a single connection owned by this process: there is nobody to lock out.
    withLock: (_lockId, work) => work(),
    close: () => client.close(),
  };
}

/** Rows of a raw SQL query (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/** The name a reused statement is prepared under: its text's hash (a name always means one text). */
export const statementName = (text: string) => `r_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;

/**
 * queryRows for the hottest reads (catalogue searches). On PostgreSQL the statement is prepared once per
 * connection, named after its text, so that later runs skip parsing, and PostgreSQL may keep a generic plan
 * when it costs no more than the plans it made for the values (it keeps planning per value otherwise, for
 * example for LIKE patterns that only a known value turns into an index range). Elsewhere (PGlite, inside a
 * transaction) it is queryRows.
 */
export async function queryRowsReused<T>(db: Db, query: SQL): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await client.query({ name: statementName(text), text, values: params as unknown[] });
  return result.rows as T[];
}
