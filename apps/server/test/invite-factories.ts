// Invitations' test helpers (ADR 0054, ADR 0069): sign-up through a code from
// an IP and a device, an unpaid enterprise order, paying it, the lists.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TokenPair } from '@yance/contracts/account';
import { endpoints } from '@yance/contracts/endpoints';
import { DEFAULT_INVITE_SETTINGS } from '@yance/contracts/invite';
import { urlOf } from '@yance/contracts/routes';
import { userAccount } from '../src/db/schema.ts';
import { json, type TestApp } from './create-test-app.ts';
import { callApi, GOOD_PASSWORD, newIp, newPhone, smsCode, type TestUser } from './factories.ts';
import { testRunner } from './job-helpers.ts';
import { attest, placeOrder } from './order-factories.ts';
import { newKey } from './money-factories.ts';

export const DAY = 86_400_000;
/** product.md's defaults, as the server answers them until the console saves others. */
export const DEFAULTS = { ...DEFAULT_INVITE_SETTINGS };
/** A context whose clock runs `offsetMs` ahead (the jobs' view of a later day). */
export const ctxAt = (t: TestApp, offsetMs = 0) => testRunner(t, () => new Date(Date.now() + offsetMs), {}).ctx;

export const device = () => `dev-${randomUUID()}`;

export const idOf = async (t: TestApp, u: TestUser) =>
  (await t.db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.phone, u.phone)))[0]!.id;

/** A call with the browser's headers: the client IP and its device id (sign-up and login record both). */
export async function raw(t: TestApp, name: 'sign' | 'login', body: object, ip: string, deviceId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: urlOf(endpoints[name]),
    headers: { 'x-forwarded-for': ip, 'x-device-id': deviceId },
    payload: body,
  });
  return json(res) as { code: number; msg: string; data: TokenPair };
}

/** An enterprise customer who signed up with the inviter's code from this IP and device. */
export async function invitee(t: TestApp, code: string, ip = newIp(), deviceId = device()): Promise<TestUser & { id: number }> {
  const phone = newPhone();
  const sms = await smsCode(t, phone, 0);
  const res = await raw(
    t,
    'sign',
    { phone, password: GOOD_PASSWORD, code: sms, inviterCode: code.toLowerCase(), agree: true },
    ip,
    deviceId,
  );
  expect(res.code, res.msg).toBe(1);
  const user = { phone, password: GOOD_PASSWORD, tokens: res.data };
  await attest(t, user, 2);
  return { ...user, id: await idOf(t, user) };
}

/** A 待付款 enterprise order (the contract steps are contract.test's). */
export async function unpaidOrder(t: TestApp, u: TestUser) {
  const o = await placeOrder(t, u);
  await t.db.execute(sql`update orders set state = 'unpaid' where id = ${o.id}`);
  return o;
}

export const pay = (t: TestApp, u: TestUser, orderId: number) =>
  callApi(t, 'payOrder', { token: u.tokens.token, body: { orderId, idempotencyKey: newKey() } });
export const codeOf = async (t: TestApp, u: TestUser) => (await callApi(t, 'inviteInfo', { token: u.tokens.token })).body.data.code;
export const inviteesOf = async (t: TestApp, u: TestUser) =>
  (await callApi(t, 'inviteList', { token: u.tokens.token, body: { page: 1, pageSize: 20 } })).body.data;
