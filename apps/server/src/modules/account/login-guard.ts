import { AppError } from '../../lib/app-error.ts';
import type { RateCounter } from '../../lib/rate-counter.ts';
import { retryIn } from '../rate-limit/rate-limit.service.ts';

/** ADR 0007: 5 failures in 15 min lock an account for 15 min; 20 in 15 min lock an IP. */
export const LOGIN_LIMITS = { accountFailures: 5, ipFailures: 20, windowSeconds: 900, lockSeconds: 900 } as const;

const lockedMessage = (seconds: number) => `登录失败次数过多，请${retryIn(seconds)}后再试`;

/**
 * Per-account and per-IP failure counters in the shared counter store. The
 * account key is the user id when the account exists, else the typed name,
 * so unknown accounts lock exactly like real ones.
 */
export function loginGuard(counter: RateCounter, ip: string, accountKey: string) {
  const ipKey = `login:ip:${ip}`;
  const failKey = `login:fail:${accountKey}`;
  const lockKey = `login:lock:${accountKey}`;
  return {
    /** Refuses while the IP or the account is locked. */
    async check(): Promise<void> {
      const ipState = await counter.peek(ipKey);
      if (ipState.count >= LOGIN_LIMITS.ipFailures) throw new AppError('RATE_LIMITED', lockedMessage(ipState.ttlSeconds));
      const lock = await counter.peek(lockKey);
      if (lock.count > 0) throw new AppError('RATE_LIMITED', lockedMessage(lock.ttlSeconds));
    },
    /** Counts a failure; the failure that reaches the limit locks and says so. */
    async fail(message: string): Promise<never> {
      await counter.hit(ipKey, LOGIN_LIMITS.windowSeconds);
      const fails = await counter.hit(failKey, LOGIN_LIMITS.windowSeconds);
      if (fails.count >= LOGIN_LIMITS.accountFailures) {
        await counter.hit(lockKey, LOGIN_LIMITS.lockSeconds);
        await counter.clear(failKey);
        throw new AppError('RATE_LIMITED', lockedMessage(LOGIN_LIMITS.lockSeconds));
      }
      throw new AppError('INVALID', message);
    },
    /** A success forgets the account's failures (not the IP's: one good account must not launder an attack). */
    async succeed(): Promise<void> {
      await counter.clear(failKey);
    },
  };
}
