/**
 * Builds the Fastify application: plugins first (security, rate limit, OpenAPI, the
 * guard, the error mapping), then the domain modules under `/index.php`, then the SPA.
 * It never listens; `main.ts` does, and tests drive it with `inject`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { LogController } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { databaseRateLimitStore } from './http/rate-limit-store.ts';
import { redisRateLimit } from './http/redis-rate-limit.ts';
import { connectRedis } from './db/redis.ts';
import { publishNotifies } from './modules/live/bus.ts';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { API_BASE, DEFAULT_UPLOAD_MAX_BYTES } from '@swo/contract';
import type { Dialect } from './db/connect.ts';
import type { DB } from './db/schema.ts';
import { toEnvelope } from './http/errors.ts';
import { message } from './http/messages.ts';
import { registerGuard, type Admission } from './http/guard.ts';
import { replySerializerCompiler } from './http/reply-serializer.ts';
import { fastifyTrustProxy, loggerOptions, registerAccessLog, registerNoStore, registerSecurityHeaders, type TrustProxy } from './http/security.ts';
import type { App } from './http/types.ts';
import { allowedMethods, methodNotAllowed, registerEndpoints, type Handlers } from './http/endpoints.ts';
import { applicationHandlers } from './modules/applications/handlers.ts';
import { accountHandlers } from './modules/account/handlers.ts';
import { authHandlers } from './modules/auth/handlers.ts';
import { operationLogHandlers } from './modules/operation-log/handlers.ts';
import { roleHandlers } from './modules/roles/handlers.ts';
import { menuHandlers } from './modules/menus/handlers.ts';
import { liveHandlers } from './modules/live/handlers.ts';
import { notificationHandlers } from './modules/notifications/handlers.ts';
import { platformHandlers } from './modules/platform/handlers.ts';
import { organisationHandlers } from './modules/organisation/handlers.ts';
import { templateHandlers } from './modules/templates/handlers.ts';
import { requesterHandlers } from './modules/requester/handlers.ts';
import { staffHandlers } from './modules/staff/handlers.ts';
import { uploadHandlers } from './modules/uploads/handlers.ts';
import { excelHandlers } from './modules/work-orders/excel-handlers.ts';
import { MAX_IMPORT_BYTES } from './modules/work-orders/excel.ts';
import { workOrderHandlers } from './modules/work-orders/handlers.ts';
import type { SmsConfig } from './modules/sms/provider.ts';
import { createServices } from './services.ts';

export interface AppOptions {
  db: Kysely<DB>;
  /** Which SQL dialect `db` speaks (date arithmetic in statistics differs). */
  dialect?: Dialect;
  /** Built SPA to serve at '/', or null. */
  webDist?: string | null;
  publicRateLimit?: number;
  logLevel?: string;
  /** JSON body limit in bytes (1 MiB by default, docs/design.md, "HTTP contract"). */
  bodyLimit?: number;
  /** Proxies whose X-Forwarded-For is believed (off by default: the socket address is the client). */
  trustProxy?: TrustProxy;
  /** Send Strict-Transport-Security (only when served over TLS). */
  hsts?: boolean;
  /** Where the log goes (stdout by default; tests capture it). */
  logStream?: NodeJS.WritableStream;
  /** Directory of uploaded files (UPLOAD_DIR; a directory under the system's temp by default). */
  uploadDir?: string;
  /** Largest upload in bytes (UPLOAD_MAX_MB; 10 MB by default). */
  uploadMaxBytes?: number;
  /** SMS provider keys (TENCENT_SMS_*); without them, the outbox provider. */
  sms?: SmsConfig;
  /** The DATABASE_URL of `db`: on PostgreSQL, live updates LISTEN on a connection of their own (docs/design.md, "Live updates"). */
  databaseUrl?: string;
  /** Live updates: heartbeat (and session re-check) period of event streams, 25 s by default. */
  liveHeartbeatMs?: number;
  /** Live updates on SQLite: how often the outbox is read, 250 ms by default. */
  livePollMs?: number;
  /** Check every reply's writing against zod's reading of it (the HTTP tests; reply-serializer.ts). */
  checkReplies?: boolean;
  /**
   * REDIS_URL: the public rate limit, login throttles, SMS send limits, idempotency keys and
   * (on PostgreSQL) live events go there instead of the database (db/redis.ts).
   */
  redisUrl?: string;
  /** What our Redis keys and channels start with (`swo:`; the tests give each run its own). */
  redisPrefix?: string;
}

export interface RouteEntry {
  method: string;
  url: string;
  permission?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

export async function buildApp(opts: AppOptions) {
  const app = Fastify({
    logger: loggerOptions(opts.logLevel, opts.logStream),
    bodyLimit: opts.bodyLimit ?? 1024 * 1024,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    trustProxy: fastifyTrustProxy(opts.trustProxy),
    logController: new LogController({ disableRequestLogging: true }), // registerAccessLog writes one line instead
  }).withTypeProvider<ZodTypeProvider>();
  // Every route as registered, with its declared permission (the route test reads it).
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (r) => {
    routeTable.push({ method: String(r.method), url: r.url, permission: (r.config as { permission?: string } | undefined)?.permission });
  });
  app.decorate('routeTable', routeTable);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler({ check: opts.checkReplies }));

  // The guard, once registered below; the handler needs it only for requests it admitted.
  const guarded: { admission?: Admission } = {};
  app.setErrorHandler(async (err, req, reply) => {
    // A validation error of a request admitted under an assumed epoch is answered only under
    // a confirmed one: a refusal (a role since revoked, a logout) comes first.
    let error: unknown = err;
    try {
      await guarded.admission?.confirmed(req);
    } catch (refusal) {
      error = refusal;
    }
    const { status, body } = toEnvelope(error, req.lang);
    if (status >= 500) req.log.error({ err }, 'request failed');
    if (status === 429 && body.data && typeof body.data === 'object' && 'retry_after' in body.data) {
      reply.header('retry-after', String((body.data as { retry_after: number }).retry_after));
    }
    return reply.status(status).send(body);
  });

  registerSecurityHeaders(app, opts.hsts ?? false);
  registerAccessLog(app);
  registerNoStore(app);
  // With REDIS_URL, shared limits, keys and PostgreSQL's live events go to Redis (db/redis.ts).
  const redis = opts.redisUrl ? connectRedis(opts.redisUrl, app.log, opts.redisPrefix) : null;
  // Limits apply to the routes that ask for one (the endpoint table's public calls).
  if (redis) {
    app.addHook('onReady', () => redis.ready());
    await app.register(rateLimit, { global: false, ...redisRateLimit(redis) });
    const unroute = publishNotifies(opts.db, redis);
    app.addHook('onClose', async () => {
      unroute();
      await redis.close();
    });
  } else {
    await app.register(rateLimit, { global: false, store: databaseRateLimitStore(opts.db) });
  }
  const uploads = { dir: opts.uploadDir ?? path.join(os.tmpdir(), 'smart-work-order-uploads'), maxBytes: opts.uploadMaxBytes ?? DEFAULT_UPLOAD_MAX_BYTES };
  // One limit for every multipart call; each call then checks its own (import 5 MB, uploads).
  await app.register(multipart, { attachFieldsToBody: true, limits: { fileSize: Math.max(MAX_IMPORT_BYTES, uploads.maxBytes), files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: { info: { title: 'Smart Work Order API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  const services = createServices(
    opts.db,
    opts.dialect ?? 'sqlite',
    uploads,
    {
      config: opts.sms ?? { tencent: null },
      log: (msg) => app.log.info(msg),
      onDeliveryError: (err) => app.log.error({ err }, 'SMS delivery failed'),
    },
    {
      databaseUrl: opts.databaseUrl,
      heartbeatMs: opts.liveHeartbeatMs,
      pollMs: opts.livePollMs,
      onError: (err) => app.log.error({ err }, 'live updates failed'),
    },
    redis,
  );
  // Open event streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => services.live.close());
  const guard = registerGuard(app, services);
  guarded.admission = guard;

  const handlers: Handlers = {
    ...authHandlers(services),
    ...accountHandlers(services),
    ...notificationHandlers(services),
    ...liveHandlers(services),
    ...workOrderHandlers(services),
    ...excelHandlers(services),
    ...applicationHandlers(services),
    ...requesterHandlers(services),
    ...organisationHandlers(services),
    ...templateHandlers(services),
    ...operationLogHandlers(services),
    ...roleHandlers(services),
    ...menuHandlers(services),
    ...platformHandlers(services),
    ...staffHandlers(services),
    ...uploadHandlers(services),
  };
  await app.register(
    (api, _opts, done) => {
      const a = api as unknown as App;
      a.get('/health', { config: { permission: 'public' }, schema: { hide: true } }, () => Promise.resolve({ code: 200, msg: 'ok', data: null }));
      registerEndpoints(a, handlers, { publicRateLimit: opts.publicRateLimit ?? 60, admission: guard });
      done();
    },
    { prefix: API_BASE },
  );

  const dist = opts.webDist;
  const hasSpa = !!dist && fs.existsSync(path.join(dist, 'index.html'));
  if (hasSpa && dist) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // web/dist holds .br and .gz twins made at build time (scripts/compress-dist.mjs).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => void reply.header('cache-control', assetCacheControl(path.relative(dist, file))),
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.toLowerCase();
    if (req.method === 'GET' && hasSpa && !url.startsWith(API_BASE) && !url.startsWith('/docs')) {
      return reply.type('text/html').header('cache-control', assetCacheControl('index.html')).sendFile('index.html');
    }
    const allow = allowedMethods(routeTable, req.url);
    if (allow) return reply.status(405).header('allow', allow.join(', ')).send(methodNotAllowed(req.lang));
    return reply.status(404).send({ code: 404, msg: message(req.lang, 'notFound'), data: null });
  });

  return app;
}

/**
 * Cache policy of the SPA's files (docs/design.md, "Scale"): Vite's content-hashed bundles
 * under js/ and assets/ never change under their name, so browsers keep them a year without
 * asking; everything else (index.html, the logo) is revalidated on every load.
 */
export function assetCacheControl(relativePath: string): string {
  return /^(js|assets)[\\/]/.test(relativePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
