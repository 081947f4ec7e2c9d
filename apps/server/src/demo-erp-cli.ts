// `npm run demo-erp -- --url URL --client-id ID --secret SECRET [--once] [--interval SECONDS]` (decision 0067): the
// demo ERP client against any portal, as an ERP's middleware would connect: client credentials at POST /token, the
// events read from the pull feed, web orders and refunds answered through the web-order-results and refund-results
// feeds, the events acknowledged. It answers with the demo's ids (41PW…, 41RD…, 41AB…) and writes no tables: the
// portal's own demo ERP (demo mode) also writes its ERP tables. The secret may come from DEMO_ERP_SECRET instead of
// the command line (which other users of the machine can read). One JSON line per pass on standard output.
import { parseArgs } from 'node:util';
import { demoErpClient, fetchHttp, idsOnlyErpSide } from './modules/integration/demo-erp-client.ts';

const USAGE =
  'usage: npm run demo-erp -- --url URL --client-id ID --secret SECRET [--once] [--interval SECONDS]\n' +
  '       (or the secret in DEMO_ERP_SECRET)';

function fail(message: string): never {
  process.stderr.write(`demo-erp: ${message}\n`);
  process.exit(1);
}

let options: { url?: string; 'client-id'?: string; secret?: string; once?: boolean; interval?: string };
try {
  options = parseArgs({
    options: {
      url: { type: 'string' },
      'client-id': { type: 'string' },
      secret: { type: 'string' },
      once: { type: 'boolean' },
      interval: { type: 'string' },
    },
  }).values;
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
const secret = options.secret ?? process.env.DEMO_ERP_SECRET;
if (!options.url || !options['client-id'] || !secret) fail(USAGE);
let base: URL;
try {
  base = new URL(options.url);
} catch {
  fail(`--url: not a URL: ${options.url}\n${USAGE}`);
}
const interval = Number(options.interval ?? '10');
if (!Number.isFinite(interval) || interval < 1 || interval > 3600) fail('--interval: 1 to 3600 seconds');

const client = demoErpClient({
  http: fetchHttp(base.href),
  clientId: options['client-id'],
  secret,
  side: idsOnlyErpSide,
});
const print = (pass: object) => process.stdout.write(`${JSON.stringify({ at: new Date().toISOString(), ...pass })}\n`);

if (options.once) {
  try {
    print(await client.runOnce());
  } catch (error) {
    fail((error as Error).message);
  }
} else {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      stopping = true;
    });
  while (!stopping) {
    try {
      print(await client.runOnce());
    } catch (error) {
      process.stderr.write(`demo-erp: ${(error as Error).message}\n`);
    }
    await new Promise((resolve) => setTimeout(resolve, interval * 1000));
  }
}
