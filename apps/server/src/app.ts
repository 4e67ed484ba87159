import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { ACCOUNT_CHANGED, catalogInvalidatedEverywhere, evictEverywhere } from './cluster/shared-caches.js';
import { describeTopology, openSharedState } from './cluster/shared-state.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { type DatabaseHandle, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { PlatformWebhookAuthError, RateLimitedError, WebhookSignatureError } from './errors.js';
import { registerRouteAuth } from './http/authenticate.js';
import { capConnectionsPerAddress, clientErrorHandler } from './http/client-errors.js';
import { validatorWithEmptyBody } from './http/empty-body.js';
import { handleError, registerErrorHandler } from './http/error-handler.js';
import { OneLinePerRequest, prettyLogStream } from './http/log-format.js';
import { loggerOptions } from './http/logging.js';
import { registerApiReference, registerOpenApi } from './http/openapi.js';
import { registerDemoGame, registerPortal } from './http/portal.js';
import { PROBLEM_JSON } from './http/problem.js';
import { lazyRequestLoggers } from './http/request-logger.js';
import { registerSdkScript } from './http/sdk-script.js';
import { type ApplyHeaders, LOCAL_GAME_ORIGINS, registerResponseHeaders, requestIdFor } from './http/security.js';
import { createTtlCache } from './lib/ttl-cache.js';
import { createMetrics, type Metrics } from './metrics/metrics.js';
import { registerTokenMetrics } from './metrics/metrics-routes.js';
import { profileRoutes } from './modules/accounts/profile-routes.js';
import { analyticsRoutes } from './modules/analytics/analytics-routes.js';
import { authRoutes } from './modules/auth/auth-routes.js';
import { emailLinkRoutes } from './modules/auth/email-link-routes.js';
import { externalIdRoutes } from './modules/auth/external-id/external-id-routes.js';
import { DEV_FIREBASE_JWKS_PATH } from './modules/auth/firebase/firebase-config.js';
import { createFirebaseKeys } from './modules/auth/firebase/firebase-keys.js';
import { localFirebaseRoutes } from './modules/auth/firebase/local-firebase-routes.js';
import { identityImportRoutes } from './modules/auth/identity-import/identity-import-routes.js';
import { linkCodeRoutes } from './modules/auth/identity-import/link-code-routes.js';
import { myGamesRoutes } from './modules/auth/mygames/mygames-routes.js';
import { localMyGamesService } from './modules/auth/mygames/mygames-stand-in.js';
import { localOAuth2Routes } from './modules/auth/oauth2/local-oauth2-routes.js';
import { createSessions } from './modules/auth/sessions.js';
import { localVkIdRoutes } from './modules/auth/vkid/local-vkid-routes.js';
import { vkIdRoutes } from './modules/auth/vkid/vkid-routes.js';
import { createCaptcha } from './modules/captcha/captcha.js';
import { readCatalogFile } from './modules/catalog/catalog-file.js';
import { formatReport, importCatalog } from './modules/catalog/catalog-import.js';
import { isCatalogEmpty } from './modules/catalog/catalog-repository.js';
import { createGameCatalog } from './modules/catalog/game-catalog.js';
import { contentRoutes } from './modules/content/content-routes.js';
import { crossPlayRoutes } from './modules/cross-play/cross-play-routes.js';
import { dataConnectionsRoutes } from './modules/data-connections/data-connections-routes.js';
import { localTwitchService } from './modules/data-connections/twitch/twitch-stand-in.js';
import { devHostsRoutes } from './modules/dev-hosts/dev-hosts-routes.js';
import { documentsRoutes } from './modules/documents/documents-routes.js';
import { errorTunnelRoutes } from './modules/error-tunnel/error-tunnel-routes.js';
import { friendsRoutes } from './modules/friends/friends-routes.js';
import { gamesRoutes } from './modules/games/games-routes.js';
import { healthRoutes } from './modules/health/health-routes.js';
import { invitesRoutes } from './modules/invites/invites-routes.js';
import { launcherRoutes } from './modules/launcher/launcher-routes.js';
import { leaderboardsRoutes } from './modules/leaderboards/leaderboards-routes.js';
import { devMailboxRoutes } from './modules/mail/dev-mailbox-routes.js';
import { createMailer, type MailMessage } from './modules/mail/mailer.js';
import { nativeInAppRoutes } from './modules/native-inapp/native-inapp-routes.js';
import type { OutboxHandler } from './modules/outbox/outbox.js';
import { outboxBacklog } from './modules/outbox/outbox-admin.js';
import { startOutboxWorker } from './modules/outbox/outbox-worker.js';
import { hostScriptOrigins } from './modules/platforms/platform-configs.js';
import { platformLinkRoutes } from './modules/platforms/platform-link-routes.js';
import { platformRoutes } from './modules/platforms/platform-routes.js';
import { platformPayments } from './modules/platforms/registry.js';
import { vkOpenApiRoutes } from './modules/platforms/vk/vk-openapi-routes.js';
import { createGameJwtSigner } from './modules/play/game-jwt.js';
import { goRoutes } from './modules/play/go-routes.js';
import { jwksRoutes, playRoutes } from './modules/play/play-routes.js';
import { pushRoutes } from './modules/push/push-routes.js';
import { storageRoutes } from './modules/storage/storage-routes.js';
import { FULFILMENT_JOB, fulfilmentHandler, REFUND_JOB, refundHandler } from './modules/store/fulfilment.js';
import { transitionCounts } from './modules/store/order-state-machine.js';
import { notifyOwnEndpoint, paymentRoutes } from './modules/store/payment-webhook-routes.js';
import { CHECKOUT_ID_PATTERNS, createPayments } from './modules/store/payments.js';
import { storeRedirectRoutes } from './modules/store/store-redirect-routes.js';
import { storeRoutes } from './modules/store/store-routes.js';
import { supportRoutes } from './modules/support/support-routes.js';

/** How long a presented account is served from memory (bounds staleness across instances). */
const ACCOUNT_CACHE_TTL_MS = 10_000;

export interface AppDependencies {
  /** An already open database (tests); otherwise config.databaseUrl is opened. */
  database?: DatabaseHandle;
  now?: () => number;
  /** Where log lines go; stdout otherwise. */
  logStream?: NodeJS.WritableStream;
  /** Outgoing HTTP of the error tunnel; the global fetch otherwise (tests pass a fake upstream). */
  fetch?: typeof fetch;
  /** The monotonic clock of the catalog's version checks; performance.now otherwise (tests stop it). */
  catalogClock?: () => number;
}

/**
 * The composition root: opens the database, applies migrations, loads the demo
 * catalog into an empty database, and wires every module into one Fastify app.
 */
export async function createApp(config: Config, deps: AppDependencies = {}): Promise<FastifyInstance> {
  const cluster = await openSharedState(config, (error) => app.log.warn({ err: error }, 'Redis broadcast failed'));
  const { db, engine, commits, pool } =
    deps.database ?? openDatabase(config.databaseUrl, { synchronous: config.sqliteSynchronous });
  let applyHeaders: ApplyHeaders | undefined;
  const pretty = config.logFormat === 'pretty';
  const app = Fastify({
    logger: loggerOptions(
      config.logLevel,
      pretty ? prettyLogStream(deps.logStream) : deps.logStream,
      CHECKOUT_ID_PATTERNS,
    ),
    // Pretty logs say each request in one line (JSON keeps Fastify's two, which log shippers expect).
    ...(pretty ? { logController: new OneLinePerRequest() } : {}),
    childLoggerFactory: lazyRequestLoggers,
    genReqId: requestIdFor,
    bodyLimit: config.bodyLimitBytes,
    // Slow clients (one byte every few seconds) are cut off: headers within a third of the
    // request time, the whole request within it, a silent socket after twice it; then 408.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs * 2,
    http: {
      headersTimeout: Math.ceil(config.requestTimeoutMs / 3),
      // How often Node looks for requests past their time (its default, 30 s, would let them run on).
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(config.requestTimeoutMs / 10))),
    },
    clientErrorHandler,
    // Share links carry a whole URL in one path segment (/go/{Base64Url}).
    routerOptions: { maxParamLength: 4096 },
    // Router errors (bad URL, over-long segment) come before any hook: their problem answer gets the headers here.
    frameworkErrors: (error, request, reply) => {
      applyHeaders?.(request, reply.type(PROBLEM_JSON));
      return handleError(error, request, reply);
    },
    trustProxy: config.trustProxy,
  });
  app.addHook('onClose', async () => {
    await cluster.close();
    await db.destroy();
  });
  capConnectionsPerAddress(app.server, config.maxConnectionsPerIp, config.rateLimitAllowlist);
  const now = deps.now ?? Date.now;
  const prefix = config.portal.routerBasePath.replace(/\/$/, '');
  // An offline provider (the sandbox) notifies this server's own endpoint in process: no network needed.
  const postToWebhook = (provider: string, payload: string, headers: Record<string, string>) =>
    notifyOwnEndpoint(ctx, app.log)(provider, payload, headers);
  const ctx: AppContext = {
    config,
    db,
    engine,
    now,
    sessions: createSessions(db, now, cluster.broadcast),
    catalog: catalogInvalidatedEverywhere(createGameCatalog(db, deps.catalogClock), cluster.broadcast),
    accounts: evictEverywhere(createTtlCache(ACCOUNT_CACHE_TTL_MS, 10_000, now), cluster.broadcast, ACCOUNT_CHANGED),
    cluster,
    metrics: createMetrics(
      now,
      { outbox: () => outboxBacklog(db), orderTransitions: () => transitionCounts(db) },
      pool,
    ),
    captcha: createCaptcha(config),
    mailer: createMailer(config, db, now),
    gameJwt: createGameJwtSigner(db, config.publicUrl, now),
    payments: createPayments(config, { db, now, postToWebhook }, platformPayments()),
    firebaseKeys: firebaseKeysOf(config, now),
  };

  app.log.info(describeTopology(config, engine, cluster), `topology: ${cluster.topology}`);
  try {
    await migrateToLatest(db);
    await loadCatalogIfEmpty(ctx, app);
  } catch (error) {
    await app.close();
    throw error;
  }

  // The API speaks JSON; a text body is refused with 415 rather than validated as a string.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorWithEmptyBody);
  app.setSerializerCompiler(serializerCompiler);
  applyHeaders = registerResponseHeaders(
    app,
    config.frameAncestors,
    config.mode === 'development' ? LOCAL_GAME_ORIGINS : [],
    {
      ...ctx.payments.csp,
      scriptSrc: [...(ctx.payments.csp.scriptSrc ?? []), ...hostScriptOrigins(config.platforms)],
    },
  );
  registerErrorHandler(app);
  countRequests(app, ctx.metrics);
  app.decorate('metrics', ctx.metrics);
  if (config.metrics.token) registerTokenMetrics(app, ctx.metrics.registry, config.metrics.token);
  // Limits are set per route; counters live in memory (one instance) or Redis (several).
  await app.register(rateLimit, {
    global: false,
    ...(cluster.redis ? { redis: cluster.redis, nameSpace: cluster.rateLimitNamespace } : {}),
    allowList: config.rateLimitAllowlist,
    errorResponseBuilder: () => new RateLimitedError('requests'),
  });
  // After the rate limiter: every route's onRequest runs rate limit → authenticate.
  registerRouteAuth(app, ctx.sessions);
  await registerOpenApi(app);

  await app.register(
    async (scoped) => {
      await scoped.register(healthRoutes(ctx));
      await scoped.register(gamesRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(authRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(externalIdRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(identityImportRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(linkCodeRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(vkIdRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(emailLinkRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(platformLinkRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(vkOpenApiRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(dataConnectionsRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(myGamesRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(platformRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(profileRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(invitesRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(playRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(goRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(jwksRoutes(ctx));
      if (config.mode === 'development' && ctx.mailer.kind === 'dev-mailbox') {
        await scoped.register(devMailboxRoutes(ctx));
      }
      // The host simulator signs with development VK keys: never served in production.
      if (config.mode === 'development') await scoped.register(devHostsRoutes(ctx, app));
      // Fakes of payment providers that pay offline (Aghanim): development only, like the host simulator.
      if (config.mode === 'development') {
        for (const { devRoutes } of ctx.payments.configured) if (devRoutes) await scoped.register(devRoutes);
      }
      await scoped.register(contentRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(documentsRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(supportRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(pushRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(analyticsRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(friendsRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(crossPlayRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(storageRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(leaderboardsRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(launcherRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(nativeInAppRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(errorTunnelRoutes(ctx, deps.fetch ?? fetch));
      await scoped.register(storeRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(storeRedirectRoutes(ctx), { prefix: '/api/v1' });
      await scoped.register(paymentRoutes(ctx), { prefix: '/api/v1' });
      await registerApiReference(scoped);
    },
    { prefix },
  );
  // Firebase Auth's stand-in answers at the root, where the Firebase SDK's emulator mode calls.
  if (config.firebase.devIssuer) await app.register(localFirebaseRoutes(ctx));
  // VK ID's stand-in too (its authorization page, token endpoint and user_info), development only.
  if (config.vkid.devStandIn) await app.register(localVkIdRoutes(ctx));
  if (config.myGames.devStandIn) await app.register(localOAuth2Routes(localMyGamesService(ctx)));
  if (config.dataConnections.twitch.devStandIn) await app.register(localOAuth2Routes(localTwitchService(ctx)));
  await registerDemoGame(app, config);
  registerSdkScript(app, config);
  await registerPortal(app, config, ctx.catalog);
  startOutboxWorker(app, ctx, outboxHandlers(ctx), commits);
  if (config.vapid?.generated) {
    // Development only: these keys die with the process, and subscriptions made with them too.
    // The private key never goes to the logs, not even a throwaway one.
    app.log.warn(
      { VAPID_PUBLIC_KEY: config.vapid.publicKey },
      'Web Push keys generated for this run; set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT to keep subscriptions across restarts',
    );
  }
  return app;
}

/**
 * What each kind of outbox job does. Wired here, at the composition root, so the outbox
 * knows no module that enqueues work (store, mail) and none of them imports the worker.
 */
function outboxHandlers(ctx: AppContext): Record<string, OutboxHandler> {
  return {
    email: (payload) => ctx.mailer.send(payload as MailMessage),
    [FULFILMENT_JOB]: fulfilmentHandler(ctx),
    [REFUND_JOB]: refundHandler(ctx),
    ...ctx.payments.jobs,
  };
}

/**
 * Every answer's route template, status and time, and every webhook refused for its signature
 * (the providers' and Telegram's; VK's and OK's answer in their own protocol and count there).
 */
function countRequests(app: FastifyInstance, metrics: Metrics): void {
  // A callback hook, not an async one: every answer would pay for a promise.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof WebhookSignatureError) {
      metrics.webhookRefused((request.params as { Provider?: string } | undefined)?.Provider ?? 'unknown');
    } else if (error instanceof PlatformWebhookAuthError) {
      metrics.webhookRefused(String(error.params?.Platform ?? 'unknown').toLowerCase());
    }
  });
}

/** The configured Firebase keys, or in development the local issuer's on this server. */
function firebaseKeysOf(config: Config, now: () => number) {
  const url =
    config.firebase.keysUrl ?? (config.firebase.devIssuer ? `${config.publicUrl}${DEV_FIREBASE_JWKS_PATH}` : undefined);
  return url ? createFirebaseKeys(url, now) : undefined;
}

async function loadCatalogIfEmpty(ctx: AppContext, app: FastifyInstance): Promise<void> {
  if (!ctx.config.catalogFile) return;
  if (!(await isCatalogEmpty(ctx.db))) return;
  const catalog = await readCatalogFile(ctx.config.catalogFile);
  const report = await importCatalog(ctx.db, catalog, ctx.now(), ctx.config.catalogFile);
  ctx.catalog.invalidate();
  app.log.info({ file: ctx.config.catalogFile }, `catalog loaded into the empty database\n${formatReport(report)}`);
}
