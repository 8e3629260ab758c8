import { randomInt } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { expect } from 'vitest';
import type { PowChallenge, PowPayload, TokenPair } from '@yance/contracts/account';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { BodyIn, DataOf, QueryIn } from '@yance/contracts/endpoint';
import { endpoints, type EndpointName, type Endpoints } from '@yance/contracts/endpoints';
import { urlOf } from '@yance/contracts/routes';
import { smsMessage, staffAccount } from '../src/db/schema.ts';
import { json, type TestApp } from './create-test-app.ts';
import { DEMO_STAFF_PASSWORD, type StaffRole } from '@yance/contracts/staff';

/** A clock the test moves forward. */
export function testClock(start = new Date('2026-11-22T08:00:00Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(seconds: number) {
      now += seconds * 1000;
    },
  };
}
export type TestClock = ReturnType<typeof testClock>;

/** A mainland mobile number not used before in this run. */
export const newPhone = () => `13${randomInt(3, 10)}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
/** A client address of its own, so per-IP limits of one test do not leak into another. */
export const newIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
export const GOOD_PASSWORD = 'Tiger-lily 2049';

export interface ApiInput<K extends EndpointName> {
  query?: QueryIn<Endpoints[K]>;
  body?: BodyIn<Endpoints[K]>;
  token?: string;
  /** The client address (behind the trusted proxy); a new one per call by default. */
  ip?: string;
}

/** Calls an endpoint by its name in the contracts, as the web does; answers status and envelope. */
export async function callApi<K extends EndpointName>(
  t: TestApp,
  name: K,
  input: ApiInput<K> = {},
): Promise<{ status: number; body: { code: number; msg: string; data: DataOf<Endpoints[K]> } }> {
  const ep = endpoints[name];
  const headers: Record<string, string> = { 'x-forwarded-for': input.ip ?? newIp() };
  if (input.token) headers.token = input.token;
  const query = Object.fromEntries(Object.entries(input.query ?? {}).map(([k, v]) => [k, String(v)]));
  const res = await t.app.inject({
    method: ep.method,
    url: urlOf(ep),
    query,
    headers,
    ...(ep.method === 'POST' ? { payload: (input.body ?? {}) as object } : {}),
  });
  return { status: res.statusCode, body: json(res) as never };
}

/** The code the console provider sent last to phone, read from the outbox once the job worker has caught up. */
export async function lastCode(t: TestApp, phone: string): Promise<string> {
  await t.jobs.drain();
  const [row] = await t.db.select().from(smsMessage).where(eq(smsMessage.phone, phone)).orderBy(desc(smsMessage.id)).limit(1);
  const code = /验证码为(\d{6})/.exec(row?.content ?? '')?.[1];
  if (!code) throw new Error(`no SMS code sent to ${phone}`);
  return code;
}

/** Solves a proof-of-work challenge as a script would (altcha-lib's solveChallenge, ADR 0023). */
export async function solvePow(challenge: PowChallenge): Promise<PowPayload> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return { challenge, solution };
}

/** A fresh challenge from the app, solved. */
export async function powFor(t: TestApp): Promise<PowPayload> {
  const res = await callApi(t, 'smsChallenge');
  expect(res.body.code).toBe(1);
  return solvePow(res.body.data);
}

/** code4sms with a solved challenge, as the web sends it; then the job worker sends the queued SMS (ADR 0034). */
export async function requestCode(t: TestApp, phone: string, useFor: number, ip?: string) {
  const res = await callApi(t, 'code4sms', { body: { phone, useFor, altcha: await powFor(t) }, ip });
  await t.jobs.drain();
  return res;
}

/** Sends a code and returns it; moves the clock past the 60 s resend limit when one is given. */
export async function smsCode(t: TestApp, phone: string, useFor: number, clock?: TestClock): Promise<string> {
  const res = await requestCode(t, phone, useFor);
  expect(res.body).toMatchObject({ code: 1 });
  const code = await lastCode(t, phone);
  clock?.advance(61);
  return code;
}

export interface TestUser {
  phone: string;
  password: string;
  tokens: TokenPair;
}

/** Registers a user through the API (sign) and returns its phone, password and tokens. */
export async function createUser(
  t: TestApp,
  clock?: TestClock,
  overrides: { phone?: string; password?: string; inviterCode?: string } = {},
): Promise<TestUser> {
  const phone = overrides.phone ?? newPhone();
  const password = overrides.password ?? GOOD_PASSWORD;
  const code = await smsCode(t, phone, 0, clock);
  const res = await callApi(t, 'sign', { body: { phone, password, code, inviterCode: overrides.inviterCode, agree: true } });
  expect(res.body).toMatchObject({ code: 1 });
  return { phone, password, tokens: res.body.data as TokenPair };
}

/** The code an authenticator app shows for `secret` at `at`. */
export const totpCode = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

/** TOTP secrets the factory enrolled, per database and account (lower case). */
const enrolled = new WeakMap<object, Map<string, string>>();
const secretsOf = (t: TestApp) => enrolled.get(t.db) ?? enrolled.set(t.db, new Map()).get(t.db)!;

/** Enrols TOTP for the session's staff member (setup, then a code at the app's time); answers the secret and recovery codes. */
export async function enrolTotp(t: TestApp, token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await callApi(t, 'totpSetup', { token });
  if (setup.status !== 200) throw new Error(`totp/setup failed: ${setup.body.msg}`);
  const { secret } = setup.body.data;
  const enable = await callApi(t, 'totpEnable', { token, body: { code: await totpCode(secret, t.clock()) } });
  if (enable.status !== 200) throw new Error(`totp/enable failed: ${enable.body.msg}`);
  const me = await callApi(t, 'adminMe', { token });
  secretsOf(t).set(me.body.data.account.toLowerCase(), secret);
  return { secret, recoveryCodes: enable.body.data.recoveryCodes };
}

/**
 * A full staff session: signs in with the password — and, when the factory
 * enrolled this member before, a TOTP code of the app's time — and enrols
 * TOTP when the member's roles need it and they have none (ADR 0038), so
 * the pair answers every call the roles allow.
 */
export async function signInStaff(t: TestApp, account: string, password: string = DEMO_STAFF_PASSWORD): Promise<TokenPair> {
  const secret = secretsOf(t).get(account.toLowerCase());
  if (secret) {
    // Tests sign in many times within one 30-second step and a code works once: forget the last step used
    // (tests/staff-totp.test.ts proves the replay refusal itself).
    await t.db
      .update(staffAccount)
      .set({ totpLastStep: null })
      .where(sql`lower(${staffAccount.account}) = ${account.toLowerCase()}`);
  }
  const totp = secret ? await totpCode(secret, t.clock()) : undefined;
  const res = await callApi(t, 'adminLogin', { body: { account, password, totp } });
  if (res.status !== 200) throw new Error(`staff sign-in as ${account} failed: ${res.body.msg}`);
  const me = await callApi(t, 'adminMe', { token: res.body.data.token });
  if (me.body.data.totpRequired && !me.body.data.totpEnabled) await enrolTotp(t, res.body.data.token);
  return res.body.data;
}

/** A staff member's full session, signed in with the demo password (the demo has one staff account per role, ADR 0032). */
export const staffTokens = (t: TestApp, role: StaffRole = 'admin'): Promise<TokenPair> => signInStaff(t, role);
