import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config/env.ts';
import type { Database } from './db/client.ts';
import { clientIpPlugin } from './plugins/client-ip.ts';
import { contractSerializerCompiler } from './plugins/response-serializer.ts';
import { docsPlugin } from './plugins/docs.ts';
import type { EndpointConfig, Handlers } from './plugins/endpoints.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { lifecyclePlugin } from './plugins/lifecycle.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { createMetrics } from './lib/metrics.ts';
import { createSessionCache, SESSION_CHANNEL, type SessionCache } from './lib/session-cache.ts';
import { createMemoryAnswers, type MemoryAnswers } from './lib/memory-answers.ts';
import { safeErrorLogging } from './lib/log-errors.ts';
import { lazyChildLogger } from './lib/lazy-logger.ts';
import { ledgerCheck, createGateways, paymentRoutes, moneyJobs } from './modules/payment/index.ts';
import { dueJobCounts, createJobRunner, jobSchedules, type JobRunner, jobRoutes, purgeJobs } from './modules/job/index.ts';
import { apiScopes, scopeProblem, type RouteEntry } from './plugins/scopes.ts';
import { SECURITY_HEADERS, securityHeadersPlugin } from './plugins/security-headers.ts';
import { mediaPlugin } from './plugins/media/index.ts';
import { adminAppPlugin } from './plugins/admin-app.ts';
import { staticWebPlugin } from './plugins/static-web.ts';
import { isPageRenderCall, webPagesPlugin } from './plugins/web-pages/index.ts';
import { catalogJobs, catalogRoutes, catalogAdminRoutes } from './modules/catalog/index.ts';
import { contentRoutes } from './modules/content/index.ts';
import { homeRoutes } from './modules/home/index.ts';
import { seoRoutes } from './modules/seo/index.ts';
import { settingRoutes, settingAdminRoutes } from './modules/setting/index.ts';
import { accountRoutes } from './modules/account/index.ts';
import { addressRoutes } from './modules/address/index.ts';
import { createRateCounter } from './modules/rate-limit/index.ts';
import { customerRoutes } from './modules/customer/index.ts';
import { orderAdminRoutes, orderRoutes, orderCallRoutes } from './modules/order/index.ts';
import { samplingRoutes, pickupRoutes } from './modules/sampling/index.ts';
import { reservationAdminRoutes, reservationRoutes } from './modules/reservation/index.ts';
import { planRoutes } from './modules/plan/index.ts';
import { demandRoutes, demandJobs } from './modules/demand/index.ts';
import { evaluationRoutes } from './modules/evaluation/index.ts';
import { clusterRoutes } from './modules/cluster/index.ts';
import { invoiceRoutes, invoiceJobs } from './modules/invoice/index.ts';
import { couponRoutes, couponJobs } from './modules/coupon/index.ts';
import { inviteRoutes } from './modules/invite/index.ts';
import { promotionRoutes, promotionJobs } from './modules/promotion/index.ts';
import { contractRoutes } from './modules/contract/index.ts';
import { seedDemoOrders } from './db/seed/demo-orders.ts';
import { resolveAccessToken } from './modules/session/index.ts';
import { createSmsProvider, smsJobs, smsRoutes } from './modules/sms/index.ts';
import { createUserInfoCache, forgetUserInfoAfterCall, USER_INFO_CHANNEL, userRoutes, type UserInfoCache } from './modules/user/index.ts';
import { wechatRoutes } from './modules/wechat/index.ts';
import { createContext, type Fetch } from './context.ts';
import { domainEvents } from './subscribers.ts';
import { modulePorts } from './ports.ts';
import { clientErrorHandler, frameworkErrors } from './plugins/client-error.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import type { RateCounter } from './lib/rate-counter.ts';
import type { SmsProvider } from './lib/sms-provider.ts';
import type { MailProvider } from './lib/mail-provider.ts';
import { auditRoutes } from './modules/audit/index.ts';
import { dashboardRoutes } from './modules/dashboard/index.ts';
import { staffRoutes, resolveStaff, staffSecurityRoutes, prepareFirstAdmin } from './modules/staff/index.ts';
import { createMailProvider, notifyJobs, messageRoutes, noticeOutboxRoutes } from './modules/notify/index.ts';
import { contentAdminRoutes } from './modules/content-admin/index.ts';
import { mediaRoutes, uploadServeRoutes, createPrivateStorage, createStorage } from './modules/media/index.ts';
import { labRoutes, sampleKeepJobs } from './modules/lab/index.ts';

z.config(z.locales.zhCN());

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's job worker (ADR 0034): server.ts starts it; tests call drain()/runDue(). */
    jobs: JobRunner;
    /** This process's cache of live sessions (ADR 0073); tests read its stats. */
    sessionCache: SessionCache;
    /** This process's user/info answers (ADR 0081); tests read its stats. */
    userInfoCache: UserInfoCache;
    /** Answers written from memory before Fastify's lifecycle (ADR 0080, 0083); tests read what it answered. */
    memoryAnswers: MemoryAnswers;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Tests move time forward with their own clock. */
  clock?: Clock;
  /** Outside calls (SMS gateways, WeChat); tests hand in a fake. */
  fetch?: Fetch;
  /** Replaces the counter store chosen from config (REDIS_URL or the database). */
  counter?: RateCounter;
  /** Replaces the SMS provider chosen from config. */
  sms?: SmsProvider;
  /** Replaces the mail provider chosen from config (tests capture or refuse e-mail). */
  mail?: MailProvider;
  /** Where the first start's one-time setup link is printed (ADR 0038); stdout by default, whatever LOG_LEVEL says. */
  print?: (line: string) => void;
  /** The demo data was just loaded: add the demo customers and their orders through the services, with this password. */
  demoOrders?: { password: string };
  /** Where log lines go instead of stdout (tests read what was logged). */
  logStream?: { write(line: string): void };
}

/** Trust X-Forwarded-For only from the configured proxies: per-IP limits read request.ip. */
function trustProxyOf(value: string): boolean | string {
  return value === 'true' || value === 'false' ? value === 'true' : value;
}

export type App = FastifyInstance;

// Request ids: a random prefix per process and a counter — unique across processes, no randomness per request.
const processPrefix = randomBytes(3).toString('hex');
let requestCount = 0;
const nextRequestId = () => `${processPrefix}${(requestCount++ % 0x1000000).toString(16).padStart(6, '0')}`;

/** The levels at which every request is logged (ADR 0064). */
const REQUEST_LOG_LEVELS: ReadonlySet<string> = new Set(['debug', 'trace']);

/** Builds the Fastify app without listening; tests call this and use inject. */
export async function buildApp({ config, database, ...opts }: BuildOptions): Promise<App> {
  // Offered by the routes whose fresh answers the process holds (the home call), wired below (ADR 0080).
  const memoryAnswers = createMemoryAnswers();
  const app = Fastify({
    // The HTTP server Fastify would make (its timeouts as Fastify sets them), whose request listener first tries the
    // answers held in memory: such a request never reaches Fastify's routing and hooks (ADR 0080).
    serverFactory: (handler, options) => {
      const server = http.createServer((req, res) => memoryAnswers.answer(req, res, handler));
      const timeouts = options as { keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number };
      server.keepAliveTimeout = timeouts.keepAliveTimeout;
      server.requestTimeout = timeouts.requestTimeout;
      server.setTimeout(timeouts.connectionTimeout);
      return server;
    },
    // Errors are logged through one serializer that drops SQL parameters and other values (ADR 0056).
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, ...safeErrorLogging, ...(opts.logStream && { stream: opts.logStream }) },
    // A request's logger (pino's child with the request id) is made only when the request logs something (ADR 0073).
    childLoggerFactory: lazyChildLogger,
    bodyLimit: config.BODY_LIMIT,
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    // Late requests while closing get our envelope from the lifecycle plugin, not Fastify's English 503 (ADR 0057).
    return503OnClosing: false,
    // Longer than any proxy's idle keep-alive (nginx: 30 s in deploy/), so the proxy, not this process, ends an idle
    // connection: otherwise a request sent just as we close it fails (a 502 for a request that cannot be retried).
    keepAliveTimeout: 65_000,
    // The demo seed runs in onReady (every demo order through the services, their samples and a reviewed file, ADR 0041):
    // on a busy machine it needs more than Fastify's default 10 s.
    pluginTimeout: 120_000,
    clientErrorHandler,
    frameworkErrors,
    // A request id per request, in the logs and in the x-request-id header; never taken from the caller.
    requestIdHeader: false,
    genReqId: nextRequestId,
    // Fastify's two lines per request ("incoming request", "request completed") only at LOG_LEVEL=debug or trace: at
    // info they cost a busy call a tenth of its CPU, and the proxy's access log and the metrics (ADR 0056) already
    // count every request; failures are logged where they happen (plugins/errors.ts). A rendered page's own API calls
    // stay out of it even then (the page's GET is logged): one line per visit, not five. ADR 0064.
    logController: new LogController({
      disableRequestLogging: REQUEST_LOG_LEVELS.has(config.LOG_LEVEL) ? isPageRenderCall : true,
    }),
    // /API/Auth/x and /api//auth/x reach the same route as /api/auth/x, and so its scope's guard (ADR 0009).
    routerOptions: { caseSensitive: false, ignoreDuplicateSlashes: true },
  }).withTypeProvider<ZodTypeProvider>();

  // Fail at start-up when an /api route is outside the scope its path names (ADR 0009).
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const entry = { method: String(route.method), url: route.url, scope: (route.config as Partial<EndpointConfig> | undefined)?.scope };
    routeTable.push(entry);
    const problem = scopeProblem(entry);
    if (problem) throw new Error(problem);
  });

  app.setValidatorCompiler(validatorCompiler);
  // Answers are written by their contract compiled once (fast-json-stringify); tests also check them with zod (ADR 0067).
  app.setSerializerCompiler(contractSerializerCompiler({ check: config.NODE_ENV === 'test' }));

  // Many clients POST "content-type: application/json" with no body; read that as {}.
  // Anything else goes through Fastify's own parser (prototype-poisoning checks, FST_ERR_CTP_INVALID_JSON_BODY).
  const jsonParser = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    return jsonParser(request, text, done);
  });

  await app.register(lifecyclePlugin, { checks: { database: () => database.ping(), counters: () => ctx.counter.ping() } });
  await app.register(clientIpPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(errorsPlugin);
  // Answers are compressed; request bodies are not decompressed (no client of ours sends one compressed): the plugin's
  // decompression hook ran on every request, bodiless GETs included (ADR 0067).
  await app.register(compress, { threshold: 1024, globalDecompression: false });
  await app.register(formbody, { bodyLimit: config.BODY_LIMIT });
  const clock = opts.clock ?? systemClock;
  const fetchImpl = opts.fetch ?? ((input, init) => fetch(input, init));
  // Prometheus metrics (ADR 0056), before any route; the probes read through the context built below.
  const metrics = createMetrics({
    now: () => clock().getTime(),
    log: app.log,
    probes: { dueJobs: () => dueJobCounts(ctx), ledger: () => ledgerCheck(ctx) },
  });
  await app.register(metricsPlugin, { metrics, token: config.METRICS_TOKEN });
  // What the hooks above add to an answer, for the answers written before them (ADR 0080).
  app.decorate('memoryAnswers', memoryAnswers);
  memoryAnswers.wire({
    serving: () => app.lifecycle.state === 'serving',
    headers: SECURITY_HEADERS,
    requestId: nextRequestId,
    recorder: (method, route, status) => metrics.httpRequestRecorder(method, route, status),
  });
  // Used once this process hears every revocation (ADR 0073) and every change of a customer's user/info (ADR 0081):
  // one subscription for both, made when the app gets ready.
  const sessionCache = createSessionCache();
  app.decorate('sessionCache', sessionCache);
  const userInfoCache = createUserInfoCache();
  app.decorate('userInfoCache', userInfoCache);
  let unlisten: (() => Promise<void>) | undefined;
  let lost = false;
  let closing = false;
  app.addHook('onReady', async () => {
    unlisten = await database.listen({
      messages: {
        [SESSION_CHANNEL]: (payload) => sessionCache.receive(payload),
        [USER_INFO_CHANNEL]: (payload) => userInfoCache.receive(payload),
      },
      up: () => {
        sessionCache.up();
        userInfoCache.up();
        if (lost) app.log.info('listening for session revocations and account changes again: their caches are back in use');
        lost = false;
      },
      down: () => {
        sessionCache.down();
        userInfoCache.down();
        if (!lost && !closing)
          app.log.warn('not listening for session revocations and account changes: every call reads them until it is back');
        lost = true;
      },
    });
  });
  app.addHook('onClose', async () => {
    closing = true;
    await unlisten?.();
  });
  // The context wakes the worker, and the worker runs with the context: wired through this one variable.
  // eslint-disable-next-line prefer-const -- assigned once the context it needs exists
  let jobs: JobRunner | undefined;
  const ctx = createContext(database.db, {
    config,
    jobs: { wake: () => jobs?.wake() },
    clock,
    fetch: fetchImpl,
    log: app.log,
    counter:
      opts.counter ??
      createRateCounter({
        db: database.db,
        clock,
        redisUrl: config.REDIS_URL,
        redisPrefix: config.REDIS_KEY_PREFIX,
        redisEvents: {
          down: (reason) => app.log.warn({ reason }, 'redis unavailable: limits kept in Redis answer 503 until it is back'),
          up: () => app.log.info('redis reachable again'),
        },
      }),
    sms: opts.sms ?? createSmsProvider(config, app.log, fetchImpl),
    mail: opts.mail ?? createMailProvider(config, app.log),
    metrics,
    sessionCache,
    userInfoCache,
    events: domainEvents(),
    ports: modulePorts(),
  });
  const storage = createStorage(config);
  const privateFiles = createPrivateStorage(config);
  // A missing or refused bucket stops the start with one line (StartupError), not the first upload.
  app.addHook('onReady', async () => {
    await Promise.all([storage.ready(), privateFiles.ready()]);
  });
  jobs = createJobRunner(
    ctx,
    {
      ...smsJobs,
      ...purgeJobs,
      ...sampleKeepJobs,
      ...notifyJobs,
      ...demandJobs,
      ...moneyJobs,
      ...catalogJobs,
      ...couponJobs,
      ...promotionJobs,
      ...invoiceJobs(privateFiles),
    },
    jobSchedules(config),
  );
  app.decorate('jobs', jobs);
  // Waits for the jobs being run, so the database (closed after the app) is still open for them.
  app.addHook('onClose', async () => jobs.stop());
  // After the jobs, which may still be writing an invoice's PDF.
  app.addHook('onClose', async () => {
    storage.close();
    privateFiles.close();
  });
  app.addHook('onClose', async () => ctx.counter.close());
  // No installation runs without an admin: create one from ADMIN_ACCOUNT, or print a setup link (ADR 0038).
  app.addHook('onReady', async () => prepareFirstAdmin(ctx, opts.print ?? ((line) => process.stdout.write(`${line}\n`))));
  const demo = opts.demoOrders;
  if (demo) app.addHook('onReady', async () => seedDemoOrders(ctx, demo.password, privateFiles));
  app.decorateRequest('user', null);
  app.decorateRequest('staff', null);
  await app.register(docsPlugin);

  // Every module's handlers, by endpoint name; each lands in the scope its endpoint declares.
  const handlers: Handlers = {
    ...catalogRoutes(ctx),
    ...homeRoutes(ctx, memoryAnswers),
    ...contentRoutes(ctx),
    ...settingRoutes(ctx),
    ...accountRoutes(ctx),
    ...wechatRoutes(ctx),
    ...userRoutes(ctx, memoryAnswers),
    ...addressRoutes(ctx),
    ...staffRoutes(ctx),
    ...auditRoutes(ctx),
    ...jobRoutes(ctx),
    ...contentAdminRoutes(ctx),
    ...settingAdminRoutes(ctx),
    ...mediaRoutes(ctx, storage),
    ...staffSecurityRoutes(ctx),
    ...smsRoutes(ctx),
    ...noticeOutboxRoutes(ctx),
    ...catalogAdminRoutes(ctx),
    ...customerRoutes(ctx),
    ...dashboardRoutes(ctx),
    ...planRoutes(ctx),
    ...orderRoutes(ctx),
    ...samplingRoutes(ctx),
    ...pickupRoutes(ctx),
    ...messageRoutes(ctx),
    ...orderAdminRoutes(ctx),
    ...labRoutes(ctx, privateFiles),
    ...orderCallRoutes(ctx),
    ...reservationRoutes(ctx),
    ...reservationAdminRoutes(ctx),
    ...demandRoutes(ctx, privateFiles),
    ...contractRoutes(ctx, privateFiles),
    ...evaluationRoutes(ctx),
    ...paymentRoutes(ctx, privateFiles, createGateways(ctx)),
    ...clusterRoutes(ctx),
    ...invoiceRoutes(ctx, privateFiles),
    ...couponRoutes(ctx),
    ...inviteRoutes(ctx),
    ...promotionRoutes(ctx),
  };
  await app.register(apiScopes, {
    handlers,
    resolveToken: (token) => resolveAccessToken(ctx, token),
    resolveStaff: (token) => resolveStaff(ctx, token),
    customerCallAnswered: (request) => forgetUserInfoAfterCall(ctx, request.user?.id, request.routeOptions.url),
    uploadMaxBytes: config.UPLOAD_MAX_BYTES,
  });

  const userUploads = path.join(config.DATA_DIR, 'upload');
  mkdirSync(userUploads, { recursive: true });
  const uploads = { produced: path.join(config.repoRoot, 'apps/server/assets/upload'), user: userUploads };
  await app.register(staticWebPlugin, { webDist: config.WEB_DIST, uploads });
  uploadServeRoutes(app, storage);
  await app.register(mediaPlugin, {
    roots: [uploads.produced, uploads.user],
    cacheDir: path.join(config.DATA_DIR, 'cache', 'media'),
    fallback: storage.kind === 's3' ? (rel) => storage.localFile(rel) : undefined,
  });
  seoRoutes(app, ctx);
  // The console before the pages: web-pages answers every other GET.
  await app.register(adminAppPlugin, { adminDist: config.ADMIN_DIST });
  // The app's clock, so a test moves the page cache's 10 s window as it moves every other expiry.
  await app.register(webPagesPlugin, {
    webDist: config.WEB_DIST,
    publicUrl: config.PUBLIC_URL,
    now: () => clock().getTime(),
    memoryAnswers,
  });

  return app;
}
