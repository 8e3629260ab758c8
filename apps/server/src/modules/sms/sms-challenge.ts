import { hkdfSync, randomInt } from 'node:crypto';
import type { PowChallenge, PowPayload } from '@yance/contracts/account';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { useChallenge } from './sms.repository.ts';

/** The one algorithm we hand out: one SHA-256 per try, which browsers run natively (crypto.subtle). */
const ALGORITHM = 'SHA-256';
const EXPIRED = '人机验证已过期，请重试';
const INVALID = '人机验证未通过，请重试';
const USED = '人机验证已使用，请重试';

/** Two HMAC keys derived from the server secret: one signs the challenge, one the expected key (deterministic mode). */
function secrets(ctx: AppContext) {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', ctx.config.CODE_HASH_SECRET, '', info, 32)).toString('hex');
  return { hmacSignatureSecret: derive('yance/altcha/signature/v1'), hmacKeySignatureSecret: derive('yance/altcha/key/v1') };
}

/**
 * smsChallenge: a signed ALTCHA challenge whose answer is a counter the server
 * picked between half and all of SMS_POW_COUNTER_MAX, so the work is known
 * (ADR 0023). The expiry travels in the signed `data.exp` (seconds) and is
 * checked against the app's clock.
 */
export async function newSmsChallenge(ctx: AppContext): Promise<PowChallenge> {
  const max = ctx.config.SMS_POW_COUNTER_MAX;
  const exp = Math.floor(ctx.clock().getTime() / 1000) + ctx.config.SMS_POW_TTL;
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    counter: randomInt(Math.floor(max / 2), max + 1),
    deriveKey,
    data: { exp },
    ...secrets(ctx),
  });
  return challenge as PowChallenge;
}

/** Checks a solved challenge and uses it up: signed by us, not expired, solved, and never used before. */
export async function redeemChallenge(ctx: AppContext, payload: PowPayload): Promise<void> {
  const { parameters } = payload.challenge;
  const exp = parameters.data?.exp;
  const now = ctx.clock();
  if (parameters.algorithm !== ALGORITHM || typeof exp !== 'number') throw new AppError('INVALID', INVALID);
  let verified = false;
  try {
    verified = (await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, ...secrets(ctx) })).verified;
  } catch (cause) {
    ctx.log.info({ err: cause }, 'altcha payload refused');
  }
  // Checked after the signature, so exp is ours.
  if (!verified) throw new AppError('INVALID', INVALID);
  if (exp * 1000 <= now.getTime()) throw new AppError('INVALID', EXPIRED);
  if (!(await useChallenge(ctx.db, parameters.nonce, new Date(exp * 1000)))) throw new AppError('INVALID', USED);
}
