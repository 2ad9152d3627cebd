import underPressure from '@fastify/under-pressure';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { authPlugin } from './plugins/auth';
import { errorsPlugin, frameworkErrorHandler } from './plugins/errors';
import { inputGuardPlugin } from './plugins/input-guard';
import { openapiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import { staticWebPlugin } from './plugins/static-web';
import { compressJsonAnswer } from './lib/json-compression';
import { requestLogLevel, resolveLogFormat } from './lib/log-output';
import { redactUrl } from './lib/log-serializers';
import { zodSchemaController } from './lib/schema-compilers';
import { systemRoutes } from './modules/system/system.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { sessionsRoutes } from './modules/sessions/sessions.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { inboxRoutes } from './modules/inbox/inbox.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { devRoutes } from './modules/dev/dev.routes';
import { publicRoutes } from './modules/public/public.routes';
import { supportRoutes } from './modules/support/support.routes';
import { releasesRoutes } from './modules/releases/releases.routes';
import { screeningRoutes } from './modules/screening/screening.routes';
import { dueDiligenceRoutes } from './modules/due-diligence/due-diligence.routes';
import { newsRoutes } from './modules/news/news.routes';
import { pricesRoutes } from './modules/prices/prices.routes';
import { dashboardsRoutes } from './modules/prices/dashboards.routes';
import { priceQualityRoutes } from './modules/prices/price-quality.routes';
import { bankRoutes } from './modules/bank/bank.routes';
import { sharingRoutes } from './modules/sharing/sharing.routes';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { alertsRoutes } from './modules/alerts/alerts.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { watchlistRoutes } from './modules/watchlist/watchlist.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { decisionsRoutes } from './modules/decisions/decisions.routes';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuildAppOptions {
  /** The process logger; tests leave it out and get a silent one. */
  loggerInstance?: FastifyBaseLogger;
  webDistDir?: string;
}

/** The Fastify instance with every plugin and module. Production and tests build the same one; it never listens. */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: false }),
    bodyLimit: ctx.config.BODY_LIMIT_BYTES,
    requestTimeout: ctx.config.REQUEST_TIMEOUT_MS,
    connectionTimeout: ctx.config.REQUEST_TIMEOUT_MS * 2,
    trustProxy: toTrustProxy(ctx.config.TRUST_PROXY),
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    return503OnClosing: true,
    // Addresses the router cannot read answer the house error body too.
    frameworkErrors: frameworkErrorHandler,
    forceCloseConnections: 'idle',
    // One line per request, written by the onResponse hook below at the level the log format wants.
    logController: new LogController({ disableRequestLogging: true }),
    // Every route's schemas are Zod's (fastify-type-provider-zod): Fastify's own compilers are never loaded.
    schemaController: zodSchemaController,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const requestLevel = requestLogLevel(resolveLogFormat(ctx.config.LOG_FORMAT, Boolean(process.stdout.isTTY)));
  app.addHook('onResponse', async (request, reply) => {
    request.log[requestLevel](
      // The URL without the values of tokens, keys, passwords or search terms (lib/log-serializers.ts); no headers.
      { method: request.method, url: redactUrl(request.url), statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request completed',
    );
  });

  await app.register(errorsPlugin);
  // An overloaded process answers 503 + Retry-After at once instead of queueing requests it cannot serve.
  await app.register(underPressure, { maxEventLoopDelay: ctx.config.MAX_EVENT_LOOP_DELAY_MS, retryAfter: 5 });
  await app.register(securityPlugin, { config: ctx.config });
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  await app.register(inputGuardPlugin);

  await app.register(
    async (api) => {
      // JSON answers of a KiB or more go gzip-compressed (lib/json-compression.ts).
      api.addHook('onSend', compressJsonAnswer);
      await api.register(systemRoutes);
      await api.register(authRoutes);
      await api.register(sessionsRoutes);
      await api.register(profileRoutes);
      await api.register(adminRoutes);
      await api.register(inboxRoutes);
      await api.register(eventsRoutes);
      await api.register(devRoutes);
      await api.register(publicRoutes);
      await api.register(supportRoutes);
      await api.register(releasesRoutes);
      await api.register(newsRoutes);
      await api.register(dueDiligenceRoutes);
      await api.register(pricesRoutes);
      await api.register(dashboardsRoutes);
      await api.register(priceQualityRoutes);
      await api.register(screeningRoutes);
      await api.register(bankRoutes);
      await api.register(sharingRoutes);
      await api.register(apiKeysRoutes);
      await api.register(notificationsRoutes);
      await api.register(alertsRoutes);
      await api.register(webhooksRoutes);
      await api.register(watchlistRoutes);
      await api.register(auditRoutes);
      await api.register(decisionsRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(staticWebPlugin, { distDir: options.webDistDir ?? ctx.config.WEB_DIST_DIR });
  return app;
}

/** A hop count trusts only that many proxies in X-Forwarded-For, so clients cannot pick their own IP. */
function toTrustProxy(setting: boolean | number | string) {
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting;
}
