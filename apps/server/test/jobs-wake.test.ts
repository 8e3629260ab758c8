// The job worker woken when a queued job commits (enqueue, ADR 0087): with a minute between polls, a notice that an
// order move queues is sent at once after the move commits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsNotice, SmsProvider } from '../src/lib/sms-provider.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens } from './factories.ts';
import { orderingCustomer, placeOrder } from './order-factories.ts';

describe('the job worker woken at commit', () => {
  const notices: { phone: string; notice: SmsNotice }[] = [];
  let onNotified = (): void => {};
  // The console provider's sends (the outbox keeps the codes the factories read), notices recorded.
  const sms: SmsProvider = {
    name: 'console',
    async send() {},
    async notify(phone, notice) {
      notices.push({ phone, notice });
      onNotified();
    },
  };
  let t: TestApp;
  beforeAll(async () => void (t = await createTestApp({ sms, env: { JOB_POLL_MS: '60000' } })));
  afterAll(async () => t.close());

  it("an order move's SMS notice: the running worker, woken once the move commits, sends it", async () => {
    const lab = (await staffTokens(t, 'lab')).token;
    const u = await orderingCustomer(t);
    const o = await placeOrder(t, u, { delivery: 1 });
    t.jobs.start();
    try {
      const notified = new Promise<void>((r) => (onNotified = r));
      const res = await callApi(t, 'adminOrderReceive', { token: lab, body: { id: o.id, expect: 'awaitingPickup' } });
      expect(res.body.code, res.body.msg).toBe(1);
      // A minute between polls: only the wake after the move's commit sends it within the test's time.
      await notified;
    } finally {
      await t.jobs.stop();
    }
    expect(notices.at(-1)?.phone).toBe(u.phone);
  });
});
