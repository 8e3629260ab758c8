import { expect } from 'vitest';

/**
 * Waits until the wall clock has reached `at` (ms since the epoch): for what
 * the server decides by the time alone, such as the end of a phone's resend
 * window or the next 30-s TOTP step. Polled against a deadline (the moment
 * plus 5 s), never a fixed sleep: it returns as soon as the moment is there,
 * and a wait that cannot end says which moment it was waiting for.
 */
export async function clockReaches(at: number, what: string): Promise<void> {
  await expect
    .poll(() => Date.now() >= at, { message: `the clock reaches ${what}`, timeout: Math.max(0, at - Date.now()) + 5_000, interval: 50 })
    .toBe(true);
}
