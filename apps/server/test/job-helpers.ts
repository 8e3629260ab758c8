import { domainEvents } from '../src/subscribers.ts';
import { modulePorts } from '../src/ports.ts';
import { createContext, type AppContext } from '../src/context.ts';
import { loadConfig } from '../src/config/env.ts';
import type { Clock } from '../src/lib/clock.ts';
import { createMetrics } from '../src/lib/metrics.ts';
import { createJobRunner, type JobRunner } from '../src/modules/job/job-runner.ts';
import type { JobHandlers, Schedule } from '../src/modules/job/job-kinds.ts';
import { createRateCounter } from '../src/modules/rate-limit/rate-limit.service.ts';
import { consoleSms } from '../src/modules/sms/sms-console.ts';
import { logMail } from '../src/modules/notify/mail.ts';
import type { TestApp } from './create-test-app.ts';

/**
 * A job worker with handlers of the test's own on a test app's database, and
 * the context it runs with (to enqueue). The app's own worker is left alone.
 */
export function testRunner(
  t: TestApp,
  clock: Clock,
  handlers: JobHandlers,
  opts: { env?: Record<string, string>; schedules?: Schedule[] } = {},
): { ctx: AppContext; runner: JobRunner } {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: t.dataDir, ...opts.env };
  delete env.REDIS_URL;
  const config = loadConfig(env);
  // eslint-disable-next-line prefer-const -- assigned once the context it needs exists
  let runner: JobRunner | undefined;
  const ctx = createContext(t.db, {
    config,
    clock,
    fetch: () => Promise.reject(new Error('no network in tests')),
    log: t.app.log,
    sessionCache: t.app.sessionCache,
    userInfoCache: t.app.userInfoCache,
    counter: createRateCounter({ db: t.db, clock, redisPrefix: 'job-test:' }),
    sms: consoleSms(t.app.log),
    mail: logMail(t.app.log),
    jobs: { wake: () => runner?.wake() },
    metrics: createMetrics(),
    events: domainEvents(),
    ports: modulePorts(),
  });
  runner = createJobRunner(ctx, handlers, opts.schedules ?? []);
  return { ctx, runner };
}
