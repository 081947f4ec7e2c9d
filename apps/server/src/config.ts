import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { type MapConfig, mapConfigFromEnv } from './lib/map-tiles.ts';

/**
 * The searches' pool: few connections, kept open (issue 27). A new PostgreSQL backend serves its first few hundred
 * searches at several times their cost (2.55 ms of CPU each over its first 200 runs of the reference search, 1.05
 * over the next 200, then 0.35 on the large database: it faults in the shared buffers it touches, 36 minor page
 * faults a run at first, and fills its catalogue caches), and with more backends than cores each runs slower still.
 * The pool's default of 10 s closed an idle connection, so that any pause in the searches brought cold backends back.
 */
export const DEFAULT_SEARCH_POOL_SIZE = 4;

/** Parses "host=context,host2=context" into a map; invalid entries are refused at start. */
const hostMap = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const map = new Map<string, 0 | 1 | 2>();
    for (const pair of value
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const [host, context] = pair.split('=').map((p) => p.trim());
      if (!host || !['0', '1', '2'].includes(context ?? '')) {
        ctx.addIssue({ code: 'custom', message: `WEB_CONTEXT_HOSTS: bad entry "${pair}"` });
        return z.NEVER;
      }
      map.set(host.toLowerCase(), Number(context) as 0 | 1 | 2);
    }
    return map;
  });

/**
 * TRUST_PROXY (decision 0052), as Fastify's `trustProxy` takes it: unset or `false`, nobody; a number, that many proxies
 * in front (`1`: the address the nearest proxy saw); or a comma-separated list of the proxies' addresses or CIDR ranges.
 * `true` (trust every hop, so the client chooses its address) is refused in production.
 */
const trustProxySetting = z
  .string()
  .default('')
  .transform((value, ctx): boolean | number | string => {
    const v = value.trim();
    if (v === '' || v === 'false' || v === '0') return false;
    if (v === 'true') return true;
    if (/^\d+$/.test(v)) return Number(v);
    const entries = v.split(',').map((p) => p.trim());
    const bad = entries.find((p) => !isAddressOrRange(p));
    if (bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `bad entry "${bad}": give the number of proxies in front (1) or their addresses or CIDR ranges`,
      });
      return z.NEVER;
    }
    return entries.join(',');
  });

function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .default('')
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  // Production runs on PostgreSQL; the embedded PGlite only when asked for (decision 0054).
  EMBEDDED_DB: bool,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  DATABASE_SEARCH_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(DEFAULT_SEARCH_POOL_SIZE),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. https://portal.example' }).optional(),
  WEB_CONTEXT: z.enum(['0', '1', '2']).default('0').transform(Number),
  WEB_CONTEXT_HOSTS: hostMap,
  TOKEN_SECRET: z
    .string()
    .min(32, 'must be 32 characters or more (or unset: one is generated and stored in the database)')
    .optional(),
  ACCESS_TOKEN_MINUTES: z.coerce.number().int().min(1).max(1440).default(20),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Portal <no-reply@portal.example>'),
  DEMO_MODE: bool,
  // Defaults depend on NODE_ENV (loadConfig): production loads no demo data and uses the bank's page.
  SEED_ON_START: z.enum(['demo', 'none']).optional(),
  WEB_DIST: z.string().optional(),
  TECHNICAL_FILES_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxySetting,
  LOGIN_THROTTLE_FREE_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  PAYMENT_GATEWAY: z.enum(['sandbox', 'test', 'production']).optional(),
  REDSYS_MERCHANT_CODE: z
    .string()
    .regex(/^\d{9}$/)
    .default('999008881'),
  REDSYS_TERMINAL: z
    .string()
    .regex(/^\d{1,3}$/)
    .default('1'),
  REDSYS_MERCHANT_KEY: z.string().min(32).optional(),
  MAIL_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  // How often due webhook deliveries are sent (decision 0059); 0: never in the background (tests send them).
  WEBHOOK_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  ERP_IMPORT_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  // V8's old generation grows to 1 + this / 100 times what a full collection left before the next (decision 0083);
  // 0: V8's own factor (up to four times: a million-row feed then held 100–140 MB of garbage).
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(300).default(50),
  // Demo mode: how often at most the demo ERP pushes its data's changes through the feeds (decision 0074); 0: never.
  DEMO_ERP_FEED_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86400).default(300),
  // Files and images (decision 0024): a folder under DATA_DIR, or the database so several instances share them.
  STORAGE: z.enum(['directory', 'database']).default('directory'),
  UPLOAD_MAX_FILE_MB: z.coerce.number().min(0.001).max(1024).default(20),
  UPLOAD_MAX_FILES: z.coerce.number().int().min(1).max(1000).default(20),
  // External sign-in (OpenID Connect; decision 0036): off unless OIDC_ISSUER is set.
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).max(200).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(500).optional(),
  // GET /metrics from elsewhere than this machine (decision 0052); unset: this machine only.
  METRICS_TOKEN: z.string().min(32, 'must be 32 characters or more').optional(),
  OIDC_PROVIDER_NAME: z.string().trim().min(1).max(60).default('OpenID'),
});

/** The bank's published test key: the sandbox's default, refused in production and on the bank's production page. */
export const PUBLIC_TEST_MERCHANT_KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';

export const GATEWAY_URLS = {
  sandbox: '/sandbox/redsys/realizarPago',
  test: 'https://sis-t.redsys.es:25443/sis/realizarPago',
  production: 'https://sis.redsys.es/sis/realizarPago',
} as const;

export type Config = {
  env: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Connections of the prepared searches' pool, kept open (issue 27). */
  databaseSearchPoolSize: number;
  publicUrl: string | undefined;
  webContext: 0 | 1 | 2;
  webContextHosts: Map<string, 0 | 1 | 2>;
  tokenSecret: string | undefined;
  accessTokenMinutes: number;
  refreshTokenDays: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  demoMode: boolean;
  seedOnStart: 'demo' | 'none';
  webDist: string;
  technicalFilesDir: string;
  logLevel: string;
  /** Fastify's `trustProxy`: false, a number of proxies, or their addresses and ranges (true only outside production). */
  trustProxy: boolean | number | string;
  loginThrottleFreeAttempts: number;
  payment: { gateway: 'sandbox' | 'test' | 'production'; merchantCode: string; terminal: string; merchantKey: string };
  /** How often queued e-mails are retried (0: only right after the transaction that wrote them). */
  mailIntervalSeconds: number;
  webhookIntervalSeconds: number;
  /** How often the ERP import job passes over the web orders not imported (0: never; tests run it by hand). */
  erpImportIntervalSeconds: number;
  /** V8's heap growing factor in percent above 100 (0: V8's own). */
  heapGrowingPercent: number;
  demoErpFeedIntervalSeconds: number;
  /** Where files and images are kept (STORAGE, decision 0024) and the upload limits, enforced while streaming. */
  storage: { kind: 'directory' | 'database'; dir: string; maxFileBytes: number; maxFiles: number };
  /** The map's tile layers (MAP_TILE_URL, MAP_SATELLITE_URL, MAP_HYBRID_URL; decision 0026). */
  maps: MapConfig;
  /** The bearer token that may read /metrics from anywhere (METRICS_TOKEN); unset: only from this machine. */
  metricsToken: string | undefined;
  /** External sign-in with an OpenID Connect provider (decision 0036); null: off. */
  oidc: { issuer: URL; clientId: string; clientSecret: string; name: string } | null;
};

const repoRoot = path.resolve(import.meta.dirname, '../../..');
/**
 * Relative paths are taken from the repository root, not the working directory: `npm start` runs in the root and
 * the workspace scripts (`npm run db:migrate`, `db:seed`, `dev:server`) in apps/server, and all use the same ./data.
 */
const fromRoot = (p: string) => path.resolve(repoRoot, p);

/** A configuration the portal refuses to start with: one problem per line, each naming its variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

/**
 * What production refuses (decision 0015): nothing a stranger knows may sign or verify payments, no sandbox
 * page that marks carts paid with no money, and a configured base for every URL the portal writes.
 */
function problemsOf(e: z.infer<typeof envSchema>, gateway: Config['payment']['gateway']): string[] {
  const production = e.NODE_ENV === 'production';
  const problems: string[] = [];
  if (production && !e.PUBLIC_URL)
    problems.push('PUBLIC_URL: must be set in production (the base of e-mailed links and payment URLs)');
  if (production && gateway === 'sandbox')
    problems.push('PAYMENT_GATEWAY: sandbox is refused in production (its page marks carts paid with no card)');
  if (gateway !== 'sandbox' && !e.REDSYS_MERCHANT_KEY)
    problems.push(
      `REDSYS_MERCHANT_KEY: must be set for the bank's ${gateway} payment page (PAYMENT_GATEWAY=${gateway})`,
    );
  else if ((production || gateway === 'production') && e.REDSYS_MERCHANT_KEY === PUBLIC_TEST_MERCHANT_KEY)
    problems.push(
      'REDSYS_MERCHANT_KEY: the public test key is refused here (anyone could sign a payment notification)',
    );
  if (production && e.TRUST_PROXY === true)
    problems.push(
      'TRUST_PROXY: true is refused in production (every client could choose its address); give the number of proxies in front (1) or their addresses',
    );
  if (production && !e.DATABASE_URL && !e.EMBEDDED_DB)
    problems.push(
      'DATABASE_URL: must be set in production (PostgreSQL); EMBEDDED_DB=true runs the embedded database instead',
    );
  const keyBytes = e.REDSYS_MERCHANT_KEY ? merchantKeyBytes(e.REDSYS_MERCHANT_KEY) : 24;
  if (keyBytes !== 24)
    problems.push(
      `REDSYS_MERCHANT_KEY: must be the bank's key in base64, 24 bytes once decoded (${keyBytes < 0 ? 'not base64' : `it decodes to ${keyBytes}`})`,
    );
  if (e.OIDC_ISSUER) {
    if (!e.OIDC_CLIENT_ID) problems.push('OIDC_CLIENT_ID: must be set with OIDC_ISSUER');
    if (!e.OIDC_CLIENT_SECRET) problems.push('OIDC_CLIENT_SECRET: must be set with OIDC_ISSUER');
    const issuer = new URL(e.OIDC_ISSUER);
    if (issuer.protocol !== 'https:' && (production || !LOOPBACK.has(issuer.hostname)))
      problems.push('OIDC_ISSUER: must be https (plain http only for a provider on this machine, outside production)');
  } else if (e.OIDC_CLIENT_ID || e.OIDC_CLIENT_SECRET) {
    problems.push('OIDC_ISSUER: must be set with OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
  }
  return problems;
}

/** How many bytes a base64 merchant key decodes to (3DES takes 24: any other length fails every signature); -1: not base64. */
function merchantKeyBytes(key: string): number {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(key) || key.length % 4 !== 0) return -1;
  return Buffer.from(key, 'base64').length;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const gateway = e.PAYMENT_GATEWAY ?? (production ? 'production' : 'sandbox');
  const problems = problemsOf(e, gateway);
  const maps = mapConfigFromEnv(env);
  if ('problems' in maps) problems.push(...maps.problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: fromRoot(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseSearchPoolSize: e.DATABASE_SEARCH_POOL_SIZE,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    webContext: e.WEB_CONTEXT as 0 | 1 | 2,
    webContextHosts: e.WEB_CONTEXT_HOSTS,
    tokenSecret: e.TOKEN_SECRET,
    accessTokenMinutes: e.ACCESS_TOKEN_MINUTES,
    refreshTokenDays: e.REFRESH_TOKEN_DAYS,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    // Demo mode (login page lists the demo accounts) is on unless running in production.
    demoMode: env.DEMO_MODE === undefined ? !production : e.DEMO_MODE,
    seedOnStart: e.SEED_ON_START ?? (production ? 'none' : 'demo'),
    webDist: fromRoot(e.WEB_DIST ?? 'apps/web/dist'),
    technicalFilesDir: fromRoot(e.TECHNICAL_FILES_DIR ?? path.join(e.DATA_DIR, 'technical-files')),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    loginThrottleFreeAttempts: e.LOGIN_THROTTLE_FREE_ATTEMPTS,
    payment: {
      gateway,
      merchantCode: e.REDSYS_MERCHANT_CODE,
      terminal: e.REDSYS_TERMINAL,
      merchantKey: e.REDSYS_MERCHANT_KEY ?? PUBLIC_TEST_MERCHANT_KEY,
    },
    mailIntervalSeconds: e.MAIL_INTERVAL_SECONDS,
    webhookIntervalSeconds: e.WEBHOOK_INTERVAL_SECONDS,
    erpImportIntervalSeconds: e.ERP_IMPORT_INTERVAL_SECONDS,
    heapGrowingPercent: e.HEAP_GROWING_PERCENT,
    demoErpFeedIntervalSeconds: e.DEMO_ERP_FEED_INTERVAL_SECONDS,
    storage: {
      kind: e.STORAGE,
      dir: path.join(fromRoot(e.DATA_DIR), 'storage'),
      maxFileBytes: Math.round(e.UPLOAD_MAX_FILE_MB * 1024 * 1024),
      maxFiles: e.UPLOAD_MAX_FILES,
    },
    maps: 'config' in maps ? maps.config : { layers: [], imgOrigins: [] },
    metricsToken: e.METRICS_TOKEN,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: new URL(e.OIDC_ISSUER),
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            name: e.OIDC_PROVIDER_NAME,
          }
        : null,
  };
}
