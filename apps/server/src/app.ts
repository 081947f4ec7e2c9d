import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { type Config, GATEWAY_URLS } from './config.ts';
import type { Database } from './db/client.ts';
import { tokenSecret } from './db/settings.ts';
import { mailOutbox } from './lib/mail-outbox.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { listenPort, publicBaseUrl } from './lib/public-url.ts';
import { accountRepository } from './modules/account/account.repository.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { accountService } from './modules/account/account.service.ts';
import { loginThrottleStore } from './modules/account/login-throttle.ts';
import { refreshTokenRepository } from './modules/account/refresh-token.repository.ts';
import { tokenSigner } from './modules/account/token.service.ts';
import { userLogRepository } from './modules/account/user-log.repository.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { cartService } from './modules/cart/cart.service.ts';
import { catalogRepository } from './modules/catalog/catalog.repository.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { catalogService } from './modules/catalog/catalog.service.ts';
import { checkoutRepository } from './modules/checkout/checkout.repository.ts';
import { checkoutRoutes } from './modules/checkout/checkout.routes.ts';
import { checkoutService } from './modules/checkout/checkout.service.ts';
import { paymentRoutes } from './modules/checkout/payment.routes.ts';
import { paymentGateway } from './modules/checkout/payment-gateway.ts';
import { clientsRepository } from './modules/clients/clients.repository.ts';
import { clientsRoutes } from './modules/clients/clients.routes.ts';
import { commonRepository } from './modules/common/common.repository.ts';
import { commonRoutes } from './modules/common/common.routes.ts';
import { webContextResolver } from './modules/common/web-context.ts';
import { erpDocumentRoutes } from './modules/erp-documents.ts';
import { technicalFilesRoutes } from './modules/files/technical-files.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { usersRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import auth from './plugins/auth.ts';
import errors, { AppError, frameworkError, isApiPath } from './plugins/errors.ts';
import inputGuard from './plugins/input-guard.ts';
import { PRINCIPAL_CHANNEL, principalCache } from './plugins/principal-cache.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  mailer?: Mailer;
  /** The time source; tests move it to check expiry and throttling. */
  clock?: () => Date;
  logger?: boolean;
  /** Extra routes registered before the web app (tests use it to exercise the plugins). */
  extend?: (app: FastifyInstance) => Promise<void> | void;
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
    logger: deps.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkError,
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
  await app.register(inputGuard);
  // The security headers (a strict CSP among them), built once: @fastify/helmet rebuilt them on every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Ant Design writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // The card payment form posts to the payment page.
        formAction: [
          "'self'",
          ...(config.payment.gateway === 'sandbox' ? [] : [new URL(GATEWAY_URLS[config.payment.gateway]).origin]),
        ],
        baseUri: ["'self'"],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(formbody);
  // Routes opt in with `config.rateLimit`; past a limit the caller reads the spec's "too many attempts" popup.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError(429, 'WARN_TooManyAttempts'),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Parts portal API', version: '1.0.0', description: 'B2B ordering portal and back office' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

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
  await app.register(auth, { signer, loadPrincipal: principals.get });

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
    mailer,
    clock,
    refreshTokenDays: config.refreshTokenDays,
    workZoneExists: (accountnum) => clients.isWorkZone(accountnum),
  });

  await app.register(healthRoutes, { database });
  await app.register(accountRoutes, { service, registerPerMinute: 10 });
  await app.register(commonRoutes, { repo: commonRepository(db), webContextOf, demo: config.demoMode });
  await app.register(clientsRoutes, { repo: clients, webContextOf });
  await app.register(usersRoutes, { repo: usersRepository(db), clock });
  const catalog = catalogRepository(db);
  await app.register(catalogRoutes, { service: catalogService(catalog), repo: catalog });
  await app.register(technicalFilesRoutes, { root: config.technicalFilesDir });
  const cart = cartService(db);
  await app.register(cartRoutes, { cart });
  const outbox = mailOutbox(db, mailer, app.log);
  app.decorate('mailOutbox', outbox);
  const gateway = paymentGateway(config.payment, db);
  const checkout = checkoutService({ db, cart, outbox, gateway, clock, log: app.log });
  await app.register(checkoutRoutes, {
    checkout,
    cart,
    repo: checkoutRepository(db),
    webContextOf,
  });
  await app.register(paymentRoutes, { gateway, checkout, sandbox: config.payment.gateway === 'sandbox' });
  app.addHook('onClose', () => outbox.idle());
  if (config.mailIntervalSeconds > 0) {
    // Queued e-mails are retried, and a paid cart whose finish was lost is finished.
    const timer = setInterval(() => {
      void outbox.drain().catch((err) => app.log.error({ err }, 'mail outbox run failed'));
      void checkout.recover().catch((err) => app.log.error({ err }, 'paid-cart recovery failed'));
    }, config.mailIntervalSeconds * 1000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  // Orders, web orders, invoices, packing slips and their documents (issue 5; docs/decisions/0012).
  await app.register(erpDocumentRoutes, { db, clock, webContextOf, accounts, tokenSecret: signerSecret });
  if (deps.extend) await deps.extend(app);
  registerWebApp(app, config.webDist);
  return app;
}

/** Serves the built web app; every non-API GET that is not a file answers index.html (client-side routes). */
function registerWebApp(app: FastifyInstance, webDist: string) {
  const index = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: webDist,
      // Files are looked up per request (not listed once at start), so a rebuild is served without a restart.
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // A private B2B portal: no search engine indexes any of it (before the client-route fallback below).
  app.get('/robots.txt', { config: { auth: 'anonymous' }, schema: { hide: true } }, (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=86400')
      .send('User-agent: *\nDisallow: /\n'),
  );
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && hasWeb && !isApiPath(request.url)) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ message: 'WARN_NotFound', messagedetail: `${request.method} ${request.url.split('?')[0]}` });
  });
}
