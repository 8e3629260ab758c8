import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext, Fetch } from '../../context.ts';
import type { Config } from '../../config/env.ts';
import { AppError } from '../../lib/app-error.ts';
import { addSeconds } from '../../lib/clock.ts';
import type { SmsPurpose } from '@yance/contracts/account';
import { SMS_NOTICES, type SmsNotice, type SmsProvider } from '../../lib/sms-provider.ts';
import { enqueue, type JobHandlers, type JobPayloads, type JobTry } from '../job/index.ts';
import { limit } from '../rate-limit/index.ts';
import { aliyunSms } from './sms-aliyun.ts';
import { spendSmsBudget } from './sms-budget.ts';
import { consoleSms } from './sms-console.ts';
import { tencentSms } from './sms-tencent.ts';
import { codeSeal } from './sms-seal.ts';
import {
  consumeCode,
  deleteChallengesExpiredBefore,
  deleteCodesExpiredBefore,
  findLatestCode,
  insertCode,
  insertOutbox,
  listOutbox,
  takeAttempt,
  voidLiveCodes,
} from './sms.repository.ts';

/** Sending limits (ADR 0007); one code per phone per SMS_RESEND_SECONDS (config) too. */
export const SMS_LIMITS = { perPhoneDay: 10, perIpHour: 20, maxAttempts: 5 } as const;
export const CODE_INVALID = '验证码错误或已过期';
const TOO_MANY_TRIES = '验证码错误次数过多，请重新获取';

/** The provider chosen by SMS_PROVIDER (credentials were checked at start-up). */
export function createSmsProvider(config: Config, log: FastifyBaseLogger, fetch: Fetch): SmsProvider {
  if (config.SMS_PROVIDER === 'aliyun') {
    const { ALIYUN_ACCESS_KEY_ID, ALIYUN_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE } = config;
    return aliyunSms(
      {
        accessKeyId: ALIYUN_ACCESS_KEY_ID!,
        accessKeySecret: ALIYUN_ACCESS_KEY_SECRET!,
        signName: ALIYUN_SMS_SIGN_NAME!,
        templateCode: ALIYUN_SMS_TEMPLATE_CODE!,
        noticeTemplateCode: config.ALIYUN_SMS_NOTICE_TEMPLATE_CODE,
        orderTemplateCode: config.ALIYUN_SMS_ORDER_TEMPLATE_CODE,
      },
      fetch,
    );
  }
  if (config.SMS_PROVIDER === 'tencent') {
    const c = config;
    return tencentSms(
      {
        secretId: c.TENCENT_SECRET_ID!,
        secretKey: c.TENCENT_SECRET_KEY!,
        sdkAppId: c.TENCENT_SMS_SDK_APP_ID!,
        signName: c.TENCENT_SMS_SIGN_NAME!,
        templateId: c.TENCENT_SMS_TEMPLATE_ID!,
        region: c.TENCENT_SMS_REGION,
        noticeTemplateId: c.TENCENT_SMS_NOTICE_TEMPLATE_ID,
        orderTemplateId: c.TENCENT_SMS_ORDER_TEMPLATE_ID,
      },
      fetch,
    );
  }
  return consoleSms(log);
}

const hashCode = (ctx: AppContext, phone: string, purpose: number, code: string) =>
  createHmac('sha256', ctx.config.CODE_HASH_SECRET).update(`${phone}:${purpose}:${code}`).digest('hex');

/**
 * Sends a fresh code to phone, whoever owns it (ADR 0007: the answer is the
 * same for every phone; only the phone's holder learns more, after using the
 * code). The code is stored and its sending queued in one transaction; the job
 * worker, woken at once, hands it to the gateway (ADR 0034), so a slow gateway
 * never holds the request.
 */
export async function sendCode(ctx: AppContext, phone: string, purpose: SmsPurpose, ip: string): Promise<void> {
  await limit(ctx.counter, `sms:ip:${ip}`, 3600, SMS_LIMITS.perIpHour, (r) => `请求过于频繁，请${r}后再试`);
  await limit(ctx.counter, `sms:phone:${phone}`, ctx.config.SMS_RESEND_SECONDS, 1, (r) => `发送过于频繁，请${r}后再试`);
  await limit(ctx.counter, `sms:day:${phone}`, 86_400, SMS_LIMITS.perPhoneDay, (r) => `今日验证码发送次数已达上限，请${r}后再试`);
  await spendSmsBudget(ctx, phone);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = ctx.clock();
  const expiresAt = addSeconds(now, ctx.config.SMS_CODE_TTL);
  const sealed = codeSeal(ctx.config.CODE_HASH_SECRET).seal(code, phone, purpose);
  // Only the newest code of a phone and purpose counts.
  await ctx.tx(async (t) => {
    await voidLiveCodes(t.db, phone, purpose, now);
    await insertCode(t.db, { phone, purpose, codeHash: hashCode(ctx, phone, purpose, code), expiresAt, createdAt: now });
    await enqueue(t, 'sms.send', { phone, purpose, sealed, expiresAt: expiresAt.toISOString() });
  });
}

/**
 * The sms.send job: hands a queued code to the gateway and records it in the
 * outbox. A code that expired, was used or was replaced by a newer one while
 * the job waited is not sent. Throws (to be retried) when the gateway refuses,
 * with the code masked in what it says.
 */
export async function deliverCode(ctx: AppContext, p: JobPayloads['sms.send']): Promise<void> {
  const purpose = p.purpose as SmsPurpose;
  const code = codeSeal(ctx.config.CODE_HASH_SECRET).open(p.sealed, p.phone, purpose);
  if (code === null) throw new Error('the queued code does not open (CODE_HASH_SECRET changed?)');
  const live = await findLatestCode(ctx.db, p.phone, purpose);
  if (!live || live.expiresAt <= ctx.clock() || live.codeHash !== hashCode(ctx, p.phone, purpose, code)) {
    ctx.log.info({ phone: p.phone, purpose }, 'SMS code no longer live, not sent');
    return;
  }
  const minutes = Math.round(ctx.config.SMS_CODE_TTL / 60);
  // Real gateways' texts never reach our database with the code in them.
  const shown = ctx.sms.name === 'console' ? code : '******';
  const content = `【研测】您的验证码为${shown}，${minutes}分钟内有效，请勿泄露给他人。`;
  const row = { phone: p.phone, purpose, provider: ctx.sms.name, content };
  try {
    await ctx.sms.send(p.phone, purpose, code);
  } catch (err) {
    ctx.metrics.smsSent(ctx.sms.name, false);
    const error = String(err).replaceAll(code, '******').slice(0, 500);
    await insertOutbox(ctx.db, { ...row, status: 'failed', error });
    // The gateway's own error may quote the code: only the masked text goes on (to the job's last_error).
    throw new Error(error); // eslint-disable-line preserve-caught-error
  }
  ctx.metrics.smsSent(ctx.sms.name, true);
  await insertOutbox(ctx.db, { ...row, status: 'sent' });
}

/**
 * Queues a notice (no code) to phone on ctx.db, so inside ctx.tx it is sent
 * only if the change it reports commits (and sent at once after the commit: enqueue wakes the worker).
 */
export async function queueNotice(ctx: AppContext, phone: string, notice: SmsNotice): Promise<void> {
  await enqueue(ctx, 'sms.notice', { phone, notice });
}

/**
 * The sms.notice job: sends through the provider and records it in the
 * outbox; a refusal is recorded and retried. Notices spend the daily budgets
 * too (once, on the first try), but are sent even over budget.
 */
export async function deliverNotice(ctx: AppContext, { phone, notice }: JobPayloads['sms.notice'], job: JobTry): Promise<void> {
  const row = { phone, purpose: SMS_NOTICES[notice.kind], provider: ctx.sms.name, content: notice.text };
  if (job.attempts === 1) await spendSmsBudget(ctx, phone).catch(() => undefined);
  try {
    await ctx.sms.notify(phone, notice);
  } catch (err) {
    ctx.metrics.smsSent(ctx.sms.name, false);
    const error = String(err).slice(0, 500);
    await insertOutbox(ctx.db, { ...row, status: 'failed', error });
    throw new Error(error, { cause: err });
  }
  ctx.metrics.smsSent(ctx.sms.name, true);
  await insertOutbox(ctx.db, { ...row, status: 'sent' });
}

/** The SMS module's queued work (ADR 0034): codes and notices reach the gateway from the job worker. */
export const smsJobs = { 'sms.send': deliverCode, 'sms.notice': deliverNotice } satisfies JobHandlers;

/** The purge job's part (ADR 0034): expired codes (used or not) and used challenges past their expiry. */
export async function purgeExpiredSms(ctx: AppContext, now: Date): Promise<{ codes: number; challenges: number }> {
  return { codes: await deleteCodesExpiredBefore(ctx.db, now), challenges: await deleteChallengesExpiredBefore(ctx.db, now) };
}

/** Checks and uses up a code: single use, bound to phone and purpose, void after 5 wrong tries or when expired. */
export async function verifyCode(ctx: AppContext, phone: string, purpose: SmsPurpose, code: string): Promise<void> {
  const row = await findLatestCode(ctx.db, phone, purpose);
  const now = ctx.clock();
  if (!row || row.expiresAt <= now) throw new AppError('INVALID', CODE_INVALID);
  const attempts = await takeAttempt(ctx.db, row.id, SMS_LIMITS.maxAttempts);
  if (attempts === null) throw new AppError('INVALID', TOO_MANY_TRIES);
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashCode(ctx, phone, purpose, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    throw new AppError('INVALID', attempts >= SMS_LIMITS.maxAttempts ? TOO_MANY_TRIES : CODE_INVALID);
  }
  if (!(await consumeCode(ctx.db, row.id, now))) throw new AppError('INVALID', CODE_INVALID);
}

/** The newest outbox messages for a phone. */
export const smsOutbox = (ctx: AppContext, phone: string) => listOutbox(ctx.db, phone);

/** The proof of work before code4sms (ADR 0023). */
export { newSmsChallenge, redeemChallenge } from './sms-challenge.ts';
