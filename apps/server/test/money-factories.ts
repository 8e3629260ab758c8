// Money helpers for API tests: the money tests' app and staff, idempotency keys, the local gateway's secret, a paid
// online top-up, an order in 待结算, a customer's balance and the ledger's reconciliation.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createLocalGateway } from '../src/modules/payment/local-gateway.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens, type TestUser } from './factories.ts';
import { placeOrder, reviewedFile } from './order-factories.ts';

/** The local gateway's signing secret: a test app that tops up is made with env PAYMENT_LOCAL_SECRET = this. */
export const LOCAL_PAY_SECRET = 'test-local-payment-secret-0123';

/** A test app that tops up through the local gateway, with the tokens of the staff the money tests act as. */
export async function moneyTestApp() {
  const t = await createTestApp({ env: { PAYMENT_LOCAL_SECRET: LOCAL_PAY_SECRET } });
  const finance = (await staffTokens(t, 'finance')).token;
  const lab = (await staffTokens(t, 'lab')).token;
  const manager = (await staffTokens(t, 'manager')).token;
  return { t, finance, lab, manager };
}

/** A customer's prestore balance, as 预存中心 shows it. */
export const balance = async (t: TestApp, u: TestUser) =>
  (await callApi(t, 'prestoreInfo', { token: u.tokens.token })).body.data.balanceFen;

/** Finance's reconciliation of the ledger (asserted to answer). */
export async function reconcile(t: TestApp, finance: string) {
  const r = await callApi(t, 'adminLedgerReconcile', { token: finance });
  expect(r.status).toBe(200);
  return r.body.data;
}

/** A new idempotency key (32 hex characters). */
export const newKey = () => randomUUID().replaceAll('-', '');

/** Posts a gateway callback (form-encoded) as the payment page does. */
export const postCallback = (t: TestApp, payload: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/open/pay/notify/local',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });

/** Tops up online through the local gateway: the trade, then its signed callback. */
export async function topUpOnline(t: TestApp, u: TestUser, amountFen: number, extra: { wantInvoice?: boolean } = {}) {
  const added = await callApi(t, 'prestoreAdd', {
    token: u.tokens.token,
    body: { method: 'online', gateway: 'local', amountFen, idempotencyKey: newKey(), ...extra },
  });
  expect(added.body.code, added.body.msg).toBe(1);
  const no = added.body.data.topup.no;
  const callback = createLocalGateway(LOCAL_PAY_SECRET).signedCallback(no, amountFen);
  const res = await postCallback(t, new URLSearchParams({ ...callback }).toString());
  expect(res.statusCode).toBe(200);
  return { no, callback };
}

/** An institution order taken by the lab to 待结算 at ¥900 (the lab's 补差价 sets the final amount). */
export async function unsettledOrder(t: TestApp, lab: string, u: TestUser) {
  const o = await placeOrder(t, u);
  await callApi(t, 'adminOrderReceive', { token: lab, body: { id: o.id, expect: 'awaitingSample' } });
  await callApi(t, 'adminOrderStartTesting', { token: lab, body: { id: o.id, expect: 'received' } });
  const adj = await callApi(t, 'adminOrderAdjust', { token: lab, body: { id: o.id, final_fen: 90_000, reason: '样品数量与订单不符' } });
  expect(adj.body.code, adj.body.msg).toBe(1);
  await reviewedFile(t, lab, o.id);
  await callApi(t, 'adminOrderDeliver', { token: lab, body: { id: o.id, expect: 'testing' } });
  const confirmed = await callApi(t, 'orderConfirm', { token: u.tokens.token, body: { id: o.id } });
  expect(confirmed.body.data.state).toBe('unsettled');
  return o;
}
