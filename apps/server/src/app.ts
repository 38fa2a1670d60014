import { randomUUID } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { pickLanguage } from '@otc/protocol/languages';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { FirstOperator } from './admin/index.ts';
import { AREAS, checkLedger, createAreas, ledgerCheckOf, treasuryOwed, treasuryOwedOf } from './areas.ts';
import { APP_VERSION } from './common/index.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Db } from './db/db.ts';
import { createDelivery } from './delivery/index.ts';
import type { Sender } from './delivery/message.ts';
import './http/context.ts';
import { SessionCache } from './auth/session-cache.ts';
import type { Bus } from './bus/bus.ts';
import { memoryBus } from './bus/memory.ts';
import { redisBus } from './bus/redis.ts';
import { RedisLink } from './bus/redis-link.ts';
import { AccessLog } from './http/access-log.ts';
import { installCompression } from './http/compression.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { AppError } from './http/errors.ts';
import { installGuard } from './http/guard.ts';
import { installNulRefusal } from './http/nul-refusal.ts';
import { fallbackStore } from './http/rate-limit-store.ts';
import { securityHeaders } from './http/security-headers.ts';
import type { MarketHub } from './market/index.ts';
import { pendingRoutes } from './pending/routes.ts';
import type { Area, AreaModule } from './platform/area.ts';
import { createChain } from './platform/chain/index.ts';
import { type Clock, clockFor } from './platform/clock.ts';
import { devClockRoutes } from './platform/dev-clock-route.ts';
import { engineQueues } from './platform/engine-queues.ts';
import { healthRoutes, ownedRoles } from './platform/health.ts';
import { Jobs } from './platform/jobs/jobs.ts';
import { recordedCheck } from './platform/metrics.ts';
import { metricsRoutes } from './platform/metrics-route.ts';
import { PLATFORM_JOBS } from './platform/platform-jobs.ts';
import { SCRYPT_LOG_N } from './platform/secrets/passwords.ts';
import { secretBox, secretsKey } from './platform/secrets/secret-box.ts';
import { Shutdown } from './platform/shutdown.ts';
import type { PositionsArea } from './positions/index.ts';
import type { SpotDesk } from './spot/desk.ts';
import type { SpotEngines } from './spot/engines.ts';
import type { VipFees } from './vip/index.ts';
import { staticRoutes } from './web/static.ts';
import { socketGateway } from './ws/gateway.ts';

export interface BuildOptions {
  config: Config;
  db: Db;
  /** Tests may pass their own sender (e.g. SMTP to a local test server); the default follows config. */
  delivery?: Sender;
  /** Where logs go; stdout by default. Tests read them to see what an operator would. */
  logStream?: NodeJS.WritableStream;
  /** The clock; by default the one `config.clock` asks for (platform/clock.ts). */
  clock?: Clock;
  /** The areas to build (`AREAS` by default): the new-area test adds a fixture area to the list. */
  areas?: readonly AreaModule[];
}

/** The paths the rate limit counts: the API and the socket's upgrades. */
const RATE_LIMITED = /^\/(api|ws)(\/|\?|$)/;

/** Builds the whole server: plugins, the areas (`areas.ts`), the socket, the pending catalogue and the static apps. */
export async function buildApp({
  config: asGiven,
  db,
  delivery,
  logStream,
  clock: given,
  areas: list = AREAS,
}: BuildOptions): Promise<{
  app: FastifyInstance;
  ctx: AppContext;
  /** The areas, in the order they were started: `main.ts` starts their background work. */
  areas: Area[];
  market: MarketHub;
  bus: Bus;
  spot: SpotEngines;
  /** Where spot commands run: here when this process owns the engines, else at the owner. */
  desk: SpotDesk;
  /** VIP fee levels in memory, for the spot engines: `vip.rate(userId, baseRate)`. */
  vip: VipFees;
  /** Leveraged positions: their engines, desk, system closes and change events (the risk watchers use them). */
  positions: PositionsArea;
  /** The areas' durable jobs: `main.ts` runs them where the role does (`jobs.start()`), tests with `runDue()`. */
  jobs: Jobs;
  /** The operator this start created (a first start), for the start banner. */
  firstOperator: FirstOperator | undefined;
  /** `serve.ts` runs it at SIGTERM; `/readyz` answers 503 from its start. */
  shutdown: Shutdown;
}> {
  // A lower password cost is for tests only: production refuses it, as it does CLOCK=manual.
  const config =
    asGiven.production && asGiven.scryptLogN < SCRYPT_LOG_N
      ? { ...asGiven, scryptLogN: SCRYPT_LOG_N }
      : asGiven;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Tokens and passwords never reach a log.
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
      ...(logStream ? { stream: logStream } : {}),
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // Only the configured proxies' X-Forwarded-For names the client (issue 23: anyone could before).
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    logController: new AccessLog(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (req, reply) => {
    req.lang = pickLanguage(req.headers['accept-language']);
    reply.header('x-request-id', req.id);
  });
  installErrorHandler(app);
  metricsRoutes(app, config);
  // One watcher for every Redis connection: an outage is one log line, and nothing unhandled.
  const link = config.redisUrl ? new RedisLink(config.redisUrl, app.log) : undefined;
  const bus = link ? redisBus(link, config.redisPrefix) : memoryBus();
  app.addHook('onClose', () => bus.close());
  const clock = given ?? clockFor(config);
  if (config.clock === 'manual' && config.production)
    app.log.warn('CLOCK=manual is ignored with NODE_ENV=production: the system clock runs');
  if (config !== asGiven)
    app.log.warn(
      `SCRYPT_LOG_N below ${SCRYPT_LOG_N} is ignored with NODE_ENV=production: passwords hash at ${SCRYPT_LOG_N}`,
    );
  const sessions = new SessionCache(db, bus, clock);
  installGuard(app, db, sessions, clock);
  installNulRefusal(app);

  // With Redis, every API instance counts against the same limits.
  // A command never waits in a queue for Redis: a request while it is away counts here instead.
  const redis = link?.client({ enableOfflineQueue: false });
  await app.register(fastifyRateLimit, {
    global: true,
    // The API and the socket's upgrades count; the app's own files do not (one page load fetches
    // dozens, and many phones can share one address behind a carrier's NAT), nor health checks.
    allowList: (req) => !RATE_LIMITED.test(req.url),
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    ...(link && redis ? { store: fallbackStore(link, redis, `${config.redisPrefix}rl:`) } : {}),
    errorResponseBuilder: () => new AppError('rate_limited'),
  });
  await securityHeaders(app, config);
  // Before any route: the plugin hooks the routes declared after it.
  await installCompression(app);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'OTC Markets API',
        version: APP_VERSION,
        description:
          'Every response is an envelope {code, msg, data}; code 200 is success and any other code mirrors the HTTP status. ' +
          "msg is in the language of the Accept-Language header. An error's data is {error, field?, requestId}, error being a key " +
          'of the error catalogue; a path called with a method it does not answer gets 405 method_not_allowed, its methods ' +
          'in data.allowed and the Allow header. Authenticated calls send Authorization: Bearer <token>.',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'opaque session token',
            description:
              'The session token in data.token of a login: POST /api/auth/login, register, loginvirtual or walletlogin for a ' +
              'user, POST /api/admin/login for a back-office operator. Send it as Authorization: Bearer <token>. It is an ' +
              'opaque random string, valid until logout, a password reset or its expiry; a 401 means it no longer is.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI's page has inline scripts and styles of its own: its policy names their hashes.
    // Not framed either; and no upgrade-insecure-requests, which breaks a plain http start.
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(/\s*upgrade-insecure-requests;/, ''),
  });

  const jobs = new Jobs(db, clock, app.log);
  const sender: Sender & { close?(): void } = delivery ?? createDelivery(config, db, app.log);
  app.addHook('onClose', async () => sender.close?.());
  const ctx: AppContext = {
    config,
    db,
    clock,
    jobs,
    bus,
    sessions,
    delivery: sender,
    secrets: secretBox(() => secretsKey(config)),
    chain: await createChain(config, app.log),
    log: app.log,
    checkLedger: recordedCheck(list === AREAS ? checkLedger : ledgerCheckOf(list)),
    treasuryOwed: list === AREAS ? treasuryOwed : treasuryOwedOf(list),
  };
  const areas = createAreas(ctx, list);
  jobs.define(PLATFORM_JOBS);
  for (const area of areas.all) jobs.define(area.jobs ?? []);
  for (const area of areas.all) await area.seed?.();
  await jobs.schedule();
  for (const area of areas.all) {
    const stop = await area.start?.();
    if (stop) app.addHook('onClose', async () => stop());
  }
  for (const area of areas.all) await area.routes?.(app);
  app.addHook('onClose', engineQueues(areas.spot.engines, areas.positions.engines));
  await socketGateway(app, ctx, areas.market.hub, bus);
  devClockRoutes(app, clock);
  const shutdown = new Shutdown();
  healthRoutes(app, {
    db,
    draining: () => shutdown.draining,
    databaseUrl: config.databaseUrl,
    roles: ownedRoles(config),
    ...(redis ? { pingRedis: () => redis.ping() } : {}),
  });
  // Last: what the areas publish as they stop still goes out.
  if (link) app.addHook('onClose', () => link.close());
  // After every area: the seed's calls no area took over answer "not available yet".
  pendingRoutes(app);
  await staticRoutes(app, config);
  const { admin, market, vip, spot, positions } = areas;
  return {
    app,
    ctx,
    areas: areas.all,
    market: market.hub,
    bus,
    spot: spot.engines,
    desk: spot.desk,
    vip: vip.fees,
    positions,
    jobs,
    firstOperator: admin.firstOperator(),
    shutdown,
  };
}
