import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/env.ts';
import type { Db } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { RateCounter } from './lib/rate-counter.ts';
import type { SmsProvider } from './lib/sms-provider.ts';

/** A fetch-compatible function; the outside-service clients take one so tests never touch the network. */
export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** What the account services need, built once per app (app.ts) from config. */
export interface AppContext {
  db: Db;
  config: Config;
  clock: Clock;
  counter: RateCounter;
  sms: SmsProvider;
  fetch: Fetch;
  log: FastifyBaseLogger;
}
