import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/env.ts';
import type { Db, Executor, Tx } from './db/client.ts';
import { pgTransaction, onPgPool } from './db/pg-transaction.ts';
import { flushWrites, openBatch, sendWrites } from './db/write-batch.ts';
import type { Clock } from './lib/clock.ts';
import type { EventBus, EventKey } from './lib/events.ts';
import type { MailProvider } from './lib/mail-provider.ts';
import type { Metrics } from './lib/metrics.ts';
import type { Ports } from './lib/ports.ts';
import type { RateCounter } from './lib/rate-counter.ts';
import type { SessionCache } from './lib/session-cache.ts';
import type { HeardCache } from './lib/heard-cache.ts';
import type { UserInfoResponse } from '@yance/contracts/user';
import type { SmsProvider } from './lib/sms-provider.ts';
import type { StaffRole } from '@yance/contracts/staff';

/** The signed-in customer a request acts for (set by the /api/auth scope's guard). */
/** Who an admin call acts for (set by the admin scope's guard, ADR 0032). */
export interface StaffCaller {
  id: number;
  sessionId: number;
  roles: StaffRole[];
  /** Their name (or account), as the audit log writes who did it. */
  name: string;
  /** Their roles need TOTP and they have none yet: only the 'signedIn' calls answer (ADR 0038). */
  enrolOnly: boolean;
}

export interface AuthUser {
  id: number;
  /** The session the token belongs to (logout revokes it). */
  sessionId: number;
}

/** The in-process job worker, as modules see it (ADR 0034). */
export interface JobWaker {
  /** A job was queued and committed: look for due jobs now instead of at the next poll. */
  wake(): void;
}

/** A fetch-compatible function; the outside-service clients take one so tests never touch the network. */
export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * Everything a module needs, built once per app (app.ts) and handed to every
 * module's routes and services the same way (ADR 0011).
 */
export interface AppContext {
  /** Where repositories run: the database, or inside ctx.tx the transaction. */
  db: Executor;
  /**
   * Runs fn in one transaction with a context whose db is that transaction.
   * Inside a transaction it reuses it, so services compose.
   */
  tx<T>(fn: (ctx: AppContext) => Promise<T>): Promise<T>;
  /**
   * Runs fn once the transaction this context is in has committed (never when
   * it rolls back); outside a transaction, at once. For effects that must only
   * follow a committed change, such as counting a payment (ADR 0056).
   */
  afterCommit(fn: () => void): void;
  config: Config;
  clock: Clock;
  counter: RateCounter;
  sms: SmsProvider;
  mail: MailProvider;
  fetch: Fetch;
  log: FastifyBaseLogger;
  jobs: JobWaker;
  /** This app's Prometheus counters (ADR 0056). */
  metrics: Metrics;
  /** Live sessions this process has read, dropped on every process when one is revoked (ADR 0073). */
  sessionCache: SessionCache;
  /** user/info's answers this process has read, dropped on every process when what they show changes (ADR 0081). */
  userInfoCache: HeardCache<UserInfoResponse>;
  /** The domain events' subscribers (ADR 0058), registered once in subscribers.ts. */
  events: EventBus<AppContext>;
  /**
   * The parts a lower module's reads need from a module above it (ADR 0060):
   * the order's detail reads the lab's here. Plugged in once, in ports.ts.
   */
  ports: Ports;
  /**
   * Announces a domain event: every subscriber runs now, with this context —
   * inside a transaction, in it, so a reaction commits or rolls back with the
   * change that caused it.
   */
  emit<P>(key: EventKey<P>, payload: P): Promise<void>;
}

/** The context of an app on database db; `tx` opens a transaction there. */
export function createContext(db: Db, rest: Omit<AppContext, 'db' | 'tx' | 'afterCommit' | 'emit'>): AppContext {
  const run = (fn: () => void) => {
    try {
      fn();
    } catch (err) {
      rest.log.error({ err }, 'after commit: a callback failed');
    }
  };
  const pgPool = onPgPool(db);
  const ctx: AppContext = {
    ...rest,
    db,
    afterCommit: run,
    emit: (key, payload) => rest.events.emit(ctx, key, payload),
    tx: async (fn) => {
      const committed: (() => void)[] = [];
      const body = async (tx: Tx) => {
        // Writes nothing reads back in the transaction (audit, timelines, messages …) wait here and go in one
        // statement before COMMIT (ADR 0066; on PostgreSQL in COMMIT's socket write, ADR 0072).
        openBatch(tx);
        const inner: AppContext = {
          ...ctx,
          db: tx,
          tx: (f) => f(inner),
          afterCommit: (f) => committed.push(f),
          emit: (key, payload) => rest.events.emit(inner, key, payload),
        };
        return fn(inner);
      };
      const result = pgPool
        ? await pgTransaction(db, body, sendWrites)
        : await db.transaction(async (tx) => {
            const out = await body(tx);
            await flushWrites(tx);
            return out;
          });
      committed.forEach(run);
      return result;
    },
  };
  return ctx;
}
