import { AppError } from '../../lib/app-error.ts';
import type { RateCounter } from '../../lib/rate-counter.ts';
import { retryIn } from '../rate-limit/index.ts';

/** ADR 0007: 5 failures in 15 min lock an account for 15 min; 20 in 15 min lock an IP. */
export const LOGIN_LIMITS = { accountFailures: 5, ipFailures: 20, windowSeconds: 900, lockSeconds: 900 } as const;

const locked = (seconds: number) => new AppError('RATE_LIMITED', `登录失败次数过多，请${retryIn(seconds)}后再试`);

/**
 * Per-account and per-IP attempt counters in the shared counter store (kept in the database, ADR 0057). The
 * account key is the user id when the account exists, else the typed name, so unknown accounts lock exactly like
 * real ones.
 *
 * An attempt is RESERVED — counted atomically — before its secret is checked, and given back only when it
 * succeeds: a burst of parallel guesses evaluates at most the limit, however the requests interleave (ADR 0057).
 */
export function loginGuard(counter: RateCounter, ip: string, accountKey: string) {
  const ipKey = `login:ip:${ip}`;
  const failKey = `login:fail:${accountKey}`;
  const lockKey = `login:lock:${accountKey}`;
  let attempt = 0;
  return {
    /** Refuses while the account is locked or this attempt would pass a limit; otherwise counts it as a failure until it succeeds. */
    async reserve(): Promise<void> {
      const lock = await counter.peek(lockKey);
      if (lock.count > 0) throw locked(lock.ttlSeconds);
      const byIp = await counter.hit(ipKey, LOGIN_LIMITS.windowSeconds);
      if (byIp.count > LOGIN_LIMITS.ipFailures) throw locked(byIp.ttlSeconds);
      const byAccount = await counter.hit(failKey, LOGIN_LIMITS.windowSeconds);
      if (byAccount.count > LOGIN_LIMITS.accountFailures) throw locked(byAccount.ttlSeconds);
      attempt = byAccount.count;
    },
    /** The reserved attempt failed: the one that reached the limit locks the account and says so. */
    async fail(message: string): Promise<never> {
      if (attempt >= LOGIN_LIMITS.accountFailures) {
        await counter.hit(lockKey, LOGIN_LIMITS.lockSeconds);
        throw locked(LOGIN_LIMITS.lockSeconds);
      }
      throw new AppError('INVALID', message);
    },
    /** A success forgets the account's failures and gives the IP its attempt back (the IP's failures stay: one good account must not launder an attack). */
    async succeed(): Promise<void> {
      await counter.clear(failKey);
      await counter.release(ipKey);
    },
    /** The attempt ended without a verdict on the secret (e.g. a second factor still to come): it counts on neither. */
    async giveBack(): Promise<void> {
      await counter.release(failKey);
      await counter.release(ipKey);
    },
  };
}
