import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { builtInErpAdapter } from './db/erp-adapter.ts';
import { erpDocumentPdfs } from './db/erp-document-pdfs.ts';
import { webhookQueueStats } from './db/integration-events.ts';
import { mailOutbox, mailQueueStats } from './db/mail-outbox.ts';
import { tokenSecret } from './db/settings.ts';
import { createStorage } from './db/storage/create-storage.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { listenAddress, listenPort, publicBaseUrl } from './lib/public-url.ts';
import { clientIp } from './lib/request-context.ts';
import { requestId } from './lib/request-id.ts';
import { type Storage, scopedStorage } from './lib/storage/storage.ts';
import { accountRepository } from './modules/account/account.repository.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { accountService } from './modules/account/account.service.ts';
import { actingHooks, actingRoutes, actingService } from './modules/account/acting.ts';
import { externalSignInRoutes } from './modules/account/external-sign-in.routes.ts';
import { externalSignInService } from './modules/account/external-sign-in.service.ts';
import { loginThrottleStore } from './modules/account/login-throttle.ts';
import { passwordLinkDelivery, passwordLinkRoutes } from './modules/account/password-link.routes.ts';
import { passwordLinkService } from './modules/account/password-link.service.ts';
import { refreshTokenRepository } from './modules/account/refresh-token.repository.ts';
import { sha256, tokenSigner } from './modules/account/token.service.ts';
import { userLogRepository } from './modules/account/user-log.repository.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { cartService } from './modules/cart/cart.service.ts';
import { listsRoutes } from './modules/cart/lists.routes.ts';
import { quickOrderRoutes } from './modules/cart/quick-order.routes.ts';
import { quickOrderService } from './modules/cart/quick-order.service.ts';
import { catalogRepository } from './modules/catalog/catalog.repository.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { catalogService } from './modules/catalog/catalog.service.ts';
import { categoriesRepository } from './modules/categories/categories.repository.ts';
import { categoriesRoutes } from './modules/categories/categories.routes.ts';
import { checkoutRepository } from './modules/checkout/checkout.repository.ts';
import { checkoutRoutes } from './modules/checkout/checkout.routes.ts';
import { checkoutService } from './modules/checkout/checkout.service.ts';
import { checkoutOptions } from './modules/checkout/checkout-options.ts';
import { paymentRoutes } from './modules/checkout/payment.routes.ts';
import { paymentGateway } from './modules/checkout/payment-gateway.ts';
import { clientsRepository } from './modules/clients/clients.repository.ts';
import { clientsRoutes } from './modules/clients/clients.routes.ts';
import { clientsAdminRepository } from './modules/clients/clients-admin.repository.ts';
import { clientsAdminRoutes } from './modules/clients/clients-admin.routes.ts';
import { clientsAdminService } from './modules/clients/clients-admin.service.ts';
import { erpDocumentRoutes } from './modules/erp-documents.ts';
import { faqRepository } from './modules/faq/faq.repository.ts';
import { faqRoutes } from './modules/faq/faq.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { filesService } from './modules/files/files.service.ts';
import { technicalFilesRoutes } from './modules/files/technical-files.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { imagesRepository } from './modules/images/images.repository.ts';
import { imagesRoutes } from './modules/images/images.routes.ts';
import { imagesService } from './modules/images/images.service.ts';
import { clientCredentials } from './modules/integration/client-credentials.ts';
import { databaseErpSide } from './modules/integration/demo-erp.repository.ts';
import {
  DEMO_ERP_CLIENT_ID,
  DEMO_ERP_NAME,
  type DemoErpClient,
  demoErpClient,
} from './modules/integration/demo-erp-client.ts';
import { erpConnectionRoutes } from './modules/integration/erp-connection.routes.ts';
import { integrationEventsRoutes } from './modules/integration/events.routes.ts';
import { integrationAdminRepository } from './modules/integration/integration-admin.repository.ts';
import { integrationAdminRoutes } from './modules/integration/integration-admin.routes.ts';
import { integrationCallLog } from './modules/integration/integration-calls.plugin.ts';
import { integrationClientsRepository } from './modules/integration/integration-clients.repository.ts';
import { integrationEventsRepository } from './modules/integration/integration-events.repository.ts';
import { newClientSecrets } from './modules/integration/secrets.ts';
import { selfHttp } from './modules/integration/self-http.ts';
import { webhookSender } from './modules/integration/webhook-sender.ts';
import { logsRepository } from './modules/logs/logs.repository.ts';
import { logsRoutes } from './modules/logs/logs.routes.ts';
import { mailRepository } from './modules/mail/mail.repository.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { mapsRepository } from './modules/maps/maps.repository.ts';
import { mapsRoutes } from './modules/maps/maps.routes.ts';
import { menusRepository } from './modules/menus/menus.repository.ts';
import { menusRoutes } from './modules/menus/menus.routes.ts';
import { notificationsRepository } from './modules/notifications/notifications.repository.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { notificationsService } from './modules/notifications/notifications.service.ts';
import { paymentMethodsRepository } from './modules/paymentmethods/paymentmethods.repository.ts';
import { paymentMethodsRoutes } from './modules/paymentmethods/paymentmethods.routes.ts';
import { postsRepository } from './modules/posts/posts.repository.ts';
import { postsRoutes } from './modules/posts/posts.routes.ts';
import { postsService } from './modules/posts/posts.service.ts';
import { CONTENT_CHANNEL, postsKept } from './modules/posts/posts-kept.ts';
import { refundResultsApplier, refundsArea } from './modules/refunds/refunds.plugin.ts';
import { refundQueueStats } from './modules/refunds/refunds-erp.repository.ts';
import { webOrderQueueStats } from './modules/salesweb/erp-import.repository.ts';
import { siteRoutes } from './modules/site.ts';
import { statsRepository } from './modules/stats/stats.repository.ts';
import { statsRoutes } from './modules/stats/stats.routes.ts';
import { statsService } from './modules/stats/stats.service.ts';
import { stockMessagesRepository } from './modules/stock/stock-messages.repository.ts';
import { stockMessagesRoutes } from './modules/stock/stock-messages.routes.ts';
import { keptArticleCounts } from './modules/stores/article-counts.ts';
import { storesRepository } from './modules/stores/stores.repository.ts';
import { storesRoutes } from './modules/stores/stores.routes.ts';
import { demoErpSource } from './modules/sync/demo-erp.repository.ts';
import { documentPdfRoutes } from './modules/sync/document-pdf.routes.ts';
import { noErpSource } from './modules/sync/erp-source.ts';
import { feedsRoutes } from './modules/sync/feeds.routes.ts';
import { feedsService } from './modules/sync/feeds.service.ts';
import { syncQueueStats, syncRepository } from './modules/sync/sync.repository.ts';
import { syncRoutes } from './modules/sync/sync.routes.ts';
import { syncRunner } from './modules/sync/sync.runner.ts';
import { usersRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { usersAdminRepository } from './modules/users/users-admin.repository.ts';
import { usersAdminRoutes } from './modules/users/users-admin.routes.ts';
import { usersAdminService } from './modules/users/users-admin.service.ts';
import afterResponse from './plugins/after-response.ts';
import auth from './plugins/auth.ts';
import errors, { AppError, frameworkError } from './plugins/errors.ts';
import inputGuard from './plugins/input-guard.ts';
import metrics from './plugins/metrics.ts';
import openApi from './plugins/openapi.ts';
import { PRINCIPAL_CHANNEL, principalCache } from './plugins/principal-cache.ts';
import { pgRateLimitStore } from './plugins/rate-limit-store.ts';
import { securityHeaderOptions, securityHeaders } from './plugins/security-headers.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { webContextResolver } from './plugins/web-context.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  mailer?: Mailer;
  /** The time source; tests move it to check expiry and throttling. */
  clock?: () => Date;
  logger?: boolean;
  /** Where the JSON log lines go (standard output by default); tests read them. */
  logStream?: NodeJS.WritableStream;
  /** Extra routes registered before the web app (tests use it to exercise the plugins). */
  extend?: (app: FastifyInstance) => Promise<void> | void;
  /** Sees every route as it is registered, before any plugin's (a test lists them: declared-routes.test.ts). */
  onRoute?: (route: RouteOptions) => void;
  /** Where files and images are kept; by default the one `config.storage` names (decision 0024). */
  storage?: Storage;
};

/** Builds the whole HTTP application around a database; server.ts starts it, tests inject into it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? (() => new Date());
  const db = database.db;
  const mailer =
    deps.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') });

  const app = Fastify({
    logger:
      deps.logger === false ? false : { level: config.logLevel, ...(deps.logStream ? { stream: deps.logStream } : {}) },
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkError,
    // Every request has a UUID, or keeps the id it came with from a proxy or a caller (decision 0052).
    requestIdHeader: false,
    genReqId: requestId,
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  // The answer names the id its log lines and a 500's body name.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every URL the portal writes starts here; nothing of the caller's Host is written (decision 0015).
  app.decorate(
    'publicBaseUrl',
    publicBaseUrl({
      publicUrl: config.publicUrl,
      hosts: config.webContextHosts,
      host: config.host,
      port: () => listenPort(app, config.port),
    }),
  );

  await app.register(errors);
  // Prometheus metrics (decision 0052): registered first, so that every answer is timed.
  await app.register(metrics, {
    database,
    token: config.metricsToken,
    queues: {
      mail: async () => {
        const mail = await mailQueueStats(db);
        return { depth: mail.pending, oldestSeconds: mail.oldestPendingSeconds, dead: mail.dead };
      },
      erp_web_orders: () => webOrderQueueStats(db),
      erp_refunds: () => refundQueueStats(db),
      sync: () => syncQueueStats(db),
      webhooks: () => webhookQueueStats(db),
    },
  });
  await app.register(inputGuard);
  await app.register(afterResponse);
  // The security headers (a strict CSP among them), built once and set in one call (issue 27).
  const headers = securityHeaders(securityHeaderOptions(config));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(formbody);
  // Routes opt in with `config.rateLimit`; past a limit the caller reads the spec's "too many attempts" popup.
  await app.register(rateLimit, {
    global: false,
    keyGenerator: clientIp,
    // Counted in PostgreSQL, so that every instance counts the same hits (decision 0052).
    store: pgRateLimitStore(db),
    errorResponseBuilder: () => new AppError(429, 'WARN_TooManyAttempts'),
  });
  // The API document at /api/docs, derived from the routes' declarations (decision 0055).
  await app.register(openApi);

  const signerSecret = await tokenSecret(db, config.tokenSecret);
  const signer = tokenSigner(signerSecret, config.accessTokenMinutes, clock);
  const accounts = accountRepository(db);
  // The callers of signed-in requests are kept while this instance hears of every change to them (0014).
  const principals = principalCache((id) => accounts.loadPrincipal(id));
  const principalChanges = await database.listen(PRINCIPAL_CHANNEL, {
    notify: principals.changed,
    live: principals.live,
  });
  app.addHook('onClose', () => principalChanges.close());
  app.decorate('principalChanges', principalChanges);
  // Machine clients of the integration API (issue 23; decision 0057).
  const integrationClients = integrationClientsRepository(db);
  await app.register(auth, { signer, loadPrincipal: principals.get, loadMachine: integrationClients.active });
  await app.register(integrationCallLog, { repo: integrationClients, clock });
  // The admins' screen of integration clients: secrets shown once, rotation, revocation, webhooks (decision 0058).
  await app.register(integrationAdminRoutes, {
    repo: integrationAdminRepository(db),
    clients: integrationClients,
    sha256,
    clock,
    allowPlainHttpLoopback: config.env !== 'production',
  });
  // The events for the ERP: a pull feed, and Standard Webhooks sent in the background (issue 23; decision 0059).
  const webhooks = webhookSender(db, { log: app.log, clock });
  app.decorate('webhooks', webhooks);
  await app.register(integrationEventsRoutes, { repo: integrationEventsRepository(db), sender: webhooks, clock });
  app.addHook('onClose', () => webhooks.idle());
  // Whether an ERP receives the events: the sync and web-order control screens say when none does (decision 0067).
  await app.register(erpConnectionRoutes, { clients: integrationClients });
  // The demo ERP, in demo mode only, is an integration client like any other: a secret made now and kept in memory
  // only, the events read and answered over HTTP at this server's own address (decision 0067), its data's changes
  // pushed through the feeds (decision 0074). Elsewhere nothing takes web orders or refunds but an ERP connected
  // through the integration API.
  const demoSecret = config.demoMode ? newClientSecrets(sha256) : null;
  const demoErp: DemoErpClient | null =
    demoSecret &&
    (await integrationClients.ensureDemoClient({
      clientId: DEMO_ERP_CLIENT_ID,
      name: DEMO_ERP_NAME,
      scopes: ['erp.events', 'erp.feeds'],
      secretHash: demoSecret.secretHash,
    }))
      ? demoErpClient({
          http: selfHttp(app, config),
          clientId: DEMO_ERP_CLIENT_ID,
          secret: demoSecret.secret,
          side: databaseErpSide(db, clock),
          log: app.log,
          // Its data's changes through the feeds, at most every DEMO_ERP_FEED_INTERVAL_SECONDS, and never where the
          // demo ERP does nothing by itself (ERP_IMPORT_INTERVAL_SECONDS=0: the journeys, the benchmarks; 0074).
          feedIntervalMs: config.erpImportIntervalSeconds > 0 ? config.demoErpFeedIntervalSeconds * 1000 : 0,
          clock,
        })
      : null;
  app.decorate('demoErp', demoErp);
  if (config.webhookIntervalSeconds > 0) {
    const timer = setInterval(() => webhooks.kick(), config.webhookIntervalSeconds * 1000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  // Statistics of what was ordered through the portal (issue 16; decision 0044).
  const stats = statsRepository(db);
  await app.register(statsRoutes, { service: statsService({ repo: stats, clock }), repo: stats });
  // ERP synchronisation: runs are jobs with leases in the database; the demo ERP only in demo mode (0045, 0046).
  const syncJobs = syncRunner({
    db,
    source: config.demoMode ? demoErpSource : noErpSource,
    owner: `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    clock,
    baseUrl: () => config.publicUrl ?? listenAddress(config.host, listenPort(app, config.port)),
    // WebOrdersExport is a pass of the demo ERP client in demo mode (decision 0067): elsewhere the ERP reads the
    // events in its own time and answers through the web-order-results feed.
    ...(demoErp
      ? {
          exportWebOrders: async () => {
            const pass = await demoErp.runOnce();
            const w = pass.webOrders;
            return { claimed: w.rows, imported: w.applied, failed: w.rows - w.applied - w.unchanged };
          },
        }
      : {}),
    log: app.log,
  });
  app.decorate('syncRunner', syncJobs);
  await app.register(syncRoutes, { repo: syncRepository(db), runner: syncJobs, clock });
  // The ERP's feeds, applied through the same appliers as the sync procedures (issue 23; decision 0060).
  await app.register(feedsRoutes, { service: feedsService({ db, clock, refundResults: refundResultsApplier(db) }) });
  const syncWorker = syncJobs.start(15_000);
  app.addHook('onClose', () => syncWorker.stop());

  // Every mail goes through the outbox, sent in the background with back-off (decision 0053).
  const outbox = mailOutbox(db, mailer, { log: app.log, clock });
  app.decorate('mailOutbox', outbox);
  await app.register(mailRoutes, { repo: mailRepository(db), outbox });

  const webContextOf = webContextResolver(config.webContextHosts, config.webContext);
  const clients = clientsRepository(db);
  const service = accountService({
    accounts,
    refreshTokens: refreshTokenRepository(db),
    userLog: userLogRepository(db),
    throttle: loginThrottleStore(db, {
      freeAttempts: config.loginThrottleFreeAttempts,
      maxDelaySeconds: { ip: 900, user: 300 },
    }),
    signer,
    mailQueued: outbox.kick,
    clock,
    refreshTokenDays: config.refreshTokenDays,
    workZoneExists: (accountnum) => clients.isWorkZone(accountnum),
  });

  await app.register(healthRoutes, { database });
  await app.register(accountRoutes, {
    service,
    registerPerMinute: 10,
    machineGrant: clientCredentials({ repo: integrationClients, signer, sha256, clock }),
  });
  // Forgot password and one-time password links (issue 14; decision 0034).
  await app.register(passwordLinkRoutes, { service: passwordLinkService({ db, clock }), perMinute: 10 });
  await app.register(passwordLinkDelivery);
  // External sign-in with an OpenID Connect provider (issue 14; decision 0036): off unless OIDC_ISSUER is set.
  await app.register(externalSignInRoutes, {
    service: config.oidc
      ? externalSignInService({
          db,
          config: config.oidc,
          accounts: service,
          clock,
          warn: (err, message) => app.log.warn({ err }, message),
        })
      : null,
    perMinute: 30,
  });
  // Acting as a customer (issue 14; decision 0035): every request of an acting session checked and logged.
  const acting = actingService({ db, signer, clock });
  await app.register(actingHooks, { service: acting });
  await app.register(actingRoutes, { service: acting });
  await app.register(clientsRoutes, { repo: clients, webContextOf });
  await app.register(usersRoutes, { repo: usersRepository(db), clock });
  // People administration: users, roles, stores, clients, the profile (issue 14; decisions 0031-0033).
  const usersAdmin = usersAdminRepository(db);
  await app.register(usersAdminRoutes, {
    service: usersAdminService({ db, repo: usersAdmin, clock }),
    repo: usersAdmin,
  });
  const clientsAdmin = clientsAdminRepository(db);
  await app.register(clientsAdminRoutes, {
    service: clientsAdminService({ repo: clientsAdmin, clock }),
    repo: clientsAdmin,
  });
  const catalog = catalogRepository(db);
  await app.register(catalogRoutes, { service: catalogService(catalog), repo: catalog });
  await app.register(technicalFilesRoutes, { root: config.technicalFilesDir });
  const cart = cartService(db);
  await app.register(cartRoutes, { cart });
  await app.register(siteRoutes, { db, cart, webContextOf, demo: config.demoMode });
  await app.register(quickOrderRoutes, { service: quickOrderService(db, cart) });
  await app.register(listsRoutes, { db, cart });
  // "Back in stock at my store" and the bell's notifications (issue 26; decision 0075).
  const notices = notificationsRepository(db);
  await app.register(notificationsRoutes, { service: notificationsService({ db, repo: notices }), repo: notices });
  const gateway = paymentGateway(config.payment, db);
  const checkout = checkoutService({ db, cart, outbox, gateway, clock, log: app.log });
  await app.register(checkoutRoutes, {
    checkout,
    options: checkoutOptions({ cart, repo: checkoutRepository(db) }),
    webContextOf,
  });
  await app.register(paymentRoutes, { gateway, checkout, sandbox: config.payment.gateway === 'sandbox' });
  app.addHook('onClose', () => outbox.idle());
  if (config.mailIntervalSeconds > 0) {
    // The mails that are due are sent (a new one, or a retry whose back-off has passed: decision 0053), and a paid
    // cart whose finish was lost is finished.
    const timer = setInterval(() => {
      outbox.kick();
      void checkout.recover().catch((err) => app.log.error({ err }, 'paid-cart recovery failed'));
    }, config.mailIntervalSeconds * 1000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  // Files and images go through one storage (decision 0024); each area has its own folder in it.
  const storage = deps.storage ?? (await createStorage(config.storage, database));
  // The ERP's own PDFs of its documents, sent through the integration API and served to customers (decision 0066).
  const erpPdfs = erpDocumentPdfs(db, scopedStorage(storage, 'erp-documents'));
  await app.register(documentPdfRoutes, { pdfs: erpPdfs, clock });
  // Orders, web orders, invoices, packing slips and their documents (issue 5; docs/decisions/0012).
  await app.register(erpDocumentRoutes, { db, clock, webContextOf, accounts, tokenSecret: signerSecret, erpPdfs });
  // The map of stores and points (issue 12; docs/decisions/0026).
  await app.register(mapsRoutes, { repo: mapsRepository(db), tiles: config.maps, clock });
  // The sign-in log grid and the Excel exports of both logs (issue 14).
  await app.register(logsRoutes, { repo: logsRepository(db), clock });
  // Categories, menus, zones and FAQ packs (issue 15; decisions 0037, 0038).
  await app.register(categoriesRoutes, { repo: categoriesRepository(db), clock });
  await app.register(menusRoutes, { repo: menusRepository(db), clock });
  await app.register(faqRoutes, { repo: faqRepository(db), clock });
  const uploads = { maxFileBytes: config.storage.maxFileBytes, maxFiles: config.storage.maxFiles };
  // The image gallery (issue 12; decision 0025).
  await app.register(imagesRoutes, {
    service: imagesService({ repo: imagesRepository(db), storage: scopedStorage(storage, 'images'), ...uploads }),
    ...uploads,
  });
  // The file library (issue 12; decision 0027): the storage's library/ folder.
  await app.register(filesRoutes, {
    service: filesService({ storage: scopedStorage(storage, 'library'), ...uploads }),
    ...uploads,
  });
  // Commercial rules: stock messages, payment methods, stores, articles (issue 16; decisions 0041-0043).
  await app.register(stockMessagesRoutes, { repo: stockMessagesRepository(db) });
  await app.register(paymentMethodsRoutes, { repo: paymentMethodsRepository(db) });
  // The article grid's counts are kept while this instance hears of every change of what they read (0099).
  await app.register(storesRoutes, { repo: storesRepository(db, await keptArticleCounts(app, database)) });
  // Posts: news, products, calendar events and pages; the dashboard's content and /help (issue 15; 0039, 0040).
  const posts = postsRepository(db);
  // Grid pages and dashboards are kept while this instance hears of every content change (0051).
  const kept = postsKept(clock);
  const contentChanges = await database.listen(CONTENT_CHANNEL, { notify: kept.forget, live: kept.live });
  app.addHook('onClose', () => contentChanges.close());
  app.decorate('contentChanges', contentChanges);
  await app.register(postsRoutes, { db, repo: posts, service: postsService(posts, clock), clock, kept });
  // Returns: refunds cart, refunds, evidence files, staff steps (issue 13; decisions 0028-0030).
  await app.register(refundsArea, {
    db,
    storage: scopedStorage(storage, 'refunds'),
    clock,
    // The demo ERP's credit notes are drawn from its tables in the demo database; a real ERP's are not here yet.
    creditNotePdf: config.demoMode ? (builtInErpAdapter.creditNotePdf ?? null) : null,
    // Staff's "send now": the demo ERP's pass at once; elsewhere the refund waits for the ERP's answer (0067).
    askErp: demoErp ? () => demoErp.runOnce() : null,
    erpPdfs,
  });
  if (deps.extend) await deps.extend(app);
  registerWebApp(app, config.webDist, (request) => ({ webcontext: webContextOf(request), demo: config.demoMode }));
  return app;
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A number of proxies becomes "trust that many hops": Fastify 5 turns a number
 * into "trust nobody", so `1` would quietly keep the proxy's own address for every client (decision 0052).
 */
function trustProxyOption(setting: Config['trustProxy']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The demo ERP client (demo mode only; decision 0067): server.ts runs its passes, tests call `runOnce`. */
    demoErp: DemoErpClient | null;
  }
}
