// Money set-ups for specs, through the API as the shop's pages call it: an order taken to 待结算, a paid top-up.
import { expect } from 'vitest';
import { call, type TestUser } from './accounts.ts';
import { labDelivers } from './staff.ts';
import { DEFAULT_SERVICE_AGREEMENT } from '@yance/contracts/service-agreement';

/** The service agreement an institution ticks with its order (ADR 0070). */
const AGREEMENT_VERSION = DEFAULT_SERVICE_AGREEMENT.version;

/** The data of a call that must succeed (code 1); its message otherwise. */
export function apiOk<T>(r: { code: number; msg: string; data: T }): T {
  expect(r.code, r.msg).toBe(1);
  return r.data;
}

/** A new idempotency key for a call that moves money. */
export const newKey = () => `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

/**
 * An attested customer's self-send order of one sample of `rid`, taken by the
 * lab (`lab`: a lab member's token) to delivery and confirmed by the customer:
 * 待结算, billed to receivables.
 */
export async function confirmedOrder(
  baseUrl: string,
  user: TestUser,
  rid: string,
  lab: string,
  opts: { couponId?: number } = {},
): Promise<{ id: number; no: string }> {
  const token = user.tokens.token;
  const line = apiOk(await call<{ id: number }>(baseUrl, 'planAdd', { rid, count: 1, choices: {} }, { token }));
  const placed = apiOk(
    await call<{ id: number; no: string; state: string }>(
      baseUrl,
      'orderAdd',
      {
        delivery: 0,
        agreementVersion: AGREEMENT_VERSION,
        lines: [{ planId: line.id, samples: [{ name: '粉末A', count: 1, form: 'powder', hazards: [], returnSample: false }] }],
        ...(opts.couponId ? { couponId: opts.couponId } : {}),
      },
      { token },
    ),
  );
  expect(placed.state).toBe('awaitingSample');
  const id = placed.id;
  await labDelivers(baseUrl, lab, id);
  expect(apiOk(await call<{ state: string }>(baseUrl, 'orderConfirm', { id }, { token })).state).toBe('unsettled');
  return { id, no: placed.no };
}

/**
 * A top-up paid through the local gateway the way its cashier page does: the
 * page's facts asked with the key of its address (/pay/local/<no>/<key>), and
 * the signed callback they give, posted.
 */
export async function paidTopUp(baseUrl: string, user: TestUser, amountFen: number): Promise<void> {
  const added = apiOk(
    await call<{ topup: { no: string }; start: { kind: 'redirect'; url: string } }>(
      baseUrl,
      'prestoreAdd',
      { method: 'online', gateway: 'local', amountFen, idempotencyKey: newKey() },
      { token: user.tokens.token },
    ),
  );
  const key = added.start.url.split('/').pop() ?? '';
  const info = await fetch(`${baseUrl}/api/open/pay/local?no=${added.topup.no}&key=${key}`).then(
    (r) => r.json() as Promise<{ data: { callback: Record<string, string> } }>,
  );
  const paid = await fetch(`${baseUrl}/api/open/pay/notify/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(info.data.callback).toString(),
  });
  expect(await paid.text()).toBe('success');
}
