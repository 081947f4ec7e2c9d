// `npm run create-admin -- --username NAME --email ADDRESS` (decision 0054): makes an administrator in the configured
// database (migrated first when needed) and prints the one-time link to choose the password. The same environment
// as the server's: PUBLIC_URL is the link's base, and production refuses what the server refuses.
import { parseArgs } from 'node:util';
import { PASSWORD_LINK_MINUTES } from '@portal/contract/account';
import { ConfigError, loadConfig } from './config.ts';
import { migrate } from './db/migrate.ts';
import { openDatabaseOrExit } from './db/open-or-exit.ts';
import { listenAddress } from './lib/public-url.ts';
import { AdminRefused, createFirstAdmin } from './modules/users/first-admin.ts';

const USAGE = 'usage: npm run create-admin -- --username NAME --email ADDRESS';

function fail(message: string): never {
  process.stderr.write(`create-admin: ${message}\n`);
  process.exit(1);
}

let options: { username?: string; email?: string };
try {
  options = parseArgs({ options: { username: { type: 'string' }, email: { type: 'string' } } }).values;
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
if (options.username === undefined || options.email === undefined) fail(USAGE);

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  fail(error.problems.join('\ncreate-admin: '));
}

const database = await openDatabaseOrExit(config);
let refused: string | null = null;
try {
  await migrate(database);
  const { link } = await createFirstAdmin(database.db, {
    username: options.username,
    email: options.email,
    baseUrl: config.publicUrl ?? listenAddress(config.host, config.port),
    now: new Date(),
  });
  const hours = PASSWORD_LINK_MINUTES.welcome / 60;
  process.stdout.write(
    `Administrator "${options.username.trim()}" created. To choose the password, open within ${hours} hours (once):\n${link}\n`,
  );
} catch (error) {
  if (!(error instanceof AdminRefused)) throw error;
  refused = error.message;
} finally {
  await database.close();
}
if (refused) fail(refused);
