import { mkdirSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config/env.ts';
import type { Database } from './db/client.ts';
import { authPlugin, type TokenResolver } from './plugins/auth.ts';
import { dbPlugin } from './plugins/db.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { staticWebPlugin } from './plugins/static-web.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { homeRoutes } from './modules/home/home.routes.ts';
import { settingRoutes } from './modules/setting/setting.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { addressRoutes } from './modules/address/address.routes.ts';
import { createRateCounter } from './modules/rate-limit/rate-limit.service.ts';
import { resolveAccessToken } from './modules/session/session.service.ts';
import { createSmsProvider } from './modules/sms/sms.service.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import { wechatRoutes } from './modules/wechat/wechat.routes.ts';
import type { AppContext, Fetch } from './context.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import type { RateCounter } from './lib/rate-counter.ts';
import type { SmsProvider } from './lib/sms-provider.ts';

z.config(z.locales.zhCN());

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Replaces the sessions' token lookup (tests of the auth seam). */
  resolveToken?: TokenResolver;
  /** Tests move time forward with their own clock. */
  clock?: Clock;
  /** Outside calls (SMS gateways, WeChat); tests hand in a fake. */
  fetch?: Fetch;
  /** Replaces the counter store chosen from config (REDIS_URL or the database). */
  counter?: RateCounter;
  /** Replaces the SMS provider chosen from config. */
  sms?: SmsProvider;
}

/** Trust X-Forwarded-For only from the configured proxies: per-IP limits read request.ip. */
function trustProxyOf(value: string): boolean | string {
  return value === 'true' || value === 'false' ? value === 'true' : value;
}

export type App = FastifyInstance;

/** Builds the Fastify app without listening; tests call this and use inject. */
export async function buildApp({ config, database, ...opts }: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    bodyLimit: config.BODY_LIMIT,
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    // Generic JSON parse errors carry the parser's text; ours are replaced in the error handler.
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Many clients POST "content-type: application/json" with no body; read that as {}.
  // Anything else goes through Fastify's own parser (prototype-poisoning checks, FST_ERR_CTP_INVALID_JSON_BODY).
  const jsonParser = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    return jsonParser(request, text, done);
  });

  await app.register(errorsPlugin);
  await app.register(compress, { threshold: 1024 });
  await app.register(formbody, { bodyLimit: config.BODY_LIMIT });
  await app.register(dbPlugin, { database });
  const clock = opts.clock ?? systemClock;
  const fetchImpl = opts.fetch ?? ((input, init) => fetch(input, init));
  const ctx: AppContext = {
    db: database.db,
    config,
    clock,
    fetch: fetchImpl,
    log: app.log,
    counter: opts.counter ?? createRateCounter({ db: database.db, clock, redisUrl: config.REDIS_URL, redisPrefix: config.REDIS_KEY_PREFIX }),
    sms: opts.sms ?? createSmsProvider(config, app.log, fetchImpl),
  };
  app.addHook('onClose', async () => ctx.counter.close());
  await app.register(authPlugin, { resolveToken: opts.resolveToken ?? ((token) => resolveAccessToken(ctx, token)) });
  await app.register(docsPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(settingRoutes);
      await api.register(homeRoutes, { ctx });
      await api.register(catalogRoutes);
      await api.register(contentRoutes);
      await api.register(accountRoutes, { ctx });
      await api.register(wechatRoutes, { ctx });
      await api.register(userRoutes, { ctx });
      await api.register(addressRoutes, { ctx });
    },
    { prefix: '/api' },
  );

  const userUploads = path.join(config.DATA_DIR, 'upload');
  mkdirSync(userUploads, { recursive: true });
  await app.register(staticWebPlugin, {
    webDist: config.WEB_DIST,
    uploadDirs: [userUploads, path.join(config.repoRoot, 'apps/server/assets/upload')],
  });

  return app;
}
