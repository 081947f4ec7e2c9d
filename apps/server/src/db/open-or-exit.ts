import type { Config } from '../config.ts';
import { type Database, openDatabase } from './client.ts';

/** The database named for an operator: the PostgreSQL URL without its password, or PGlite's folder. */
function databaseName(config: Config): string {
  if (!config.databaseUrl) return `(embedded, in ${config.dataDir})`;
  try {
    const url = new URL(config.databaseUrl);
    url.password = '';
    return url.toString();
  } catch {
    return '(DATABASE_URL is not a URL)';
  }
}

/** What went wrong, in one line: a refused connection to every address of a host is an AggregateError. */
function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return error.errors.map(reasonOf).join('; ');
  if (error instanceof Error) return error.message || (error as { code?: string }).code || error.name;
  return String(error);
}

/**
 * The configured database, or one line an operator reads (which database, and what the driver said) and exit 1,
 * not a stack (decision 0054): the server and the create-admin program open it so.
 */
export function openDatabaseOrExit(config: Config): Promise<Database> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    searchPoolSize: config.databaseSearchPoolSize,
  }).catch((error: unknown) => {
    process.stderr.write(`Cannot open the database ${databaseName(config)}: ${reasonOf(error)}\n`);
    process.exit(1);
  });
}
