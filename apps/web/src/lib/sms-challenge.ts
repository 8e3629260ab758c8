import type { PowPayload } from '@yance/contracts/account';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { ApiError, call } from '@yance/browser/api-client';
import { notify } from '@yance/browser/notify';

/**
 * Fetches and solves the proof-of-work challenge code4sms requires (ADR 0023),
 * with altcha-lib and the browser's own SHA-256. Loaded with a dynamic import
 * by the send-code buttons only, so it never weighs on the first page.
 */
export async function solveSmsChallenge(): Promise<PowPayload> {
  const challenge = await call('smsChallenge');
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  if (!solution) {
    notify.error('人机验证超时，请重试');
    throw new ApiError(0, '人机验证超时，请重试');
  }
  return { challenge, solution };
}
