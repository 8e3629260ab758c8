import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { job, smsMessage } from '../src/db/schema.ts';
import type { SmsProvider } from '../src/lib/sms-provider.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, GOOD_PASSWORD, newPhone, powFor, requestCode, testClock } from './factories.ts';

/** A gateway the test steers: each send waits for `gate`, then fails while `refusals` lasts. */
function fakeGateway() {
  const g = {
    sent: [] as { phone: string; code: string }[],
    tries: [] as string[],
    refusals: 0,
    gate: Promise.resolve(),
    onSent: (): void => {},
    provider: {
      name: 'aliyun',
      async send(phone, _purpose, code) {
        g.tries.push(code);
        await g.gate;
        if (g.refusals > 0) {
          g.refusals--;
          throw new Error(`isv.BUSINESS_LIMIT_CONTROL for ${phone} code ${code}`);
        }
        g.sent.push({ phone, code });
        g.onSent();
      },
      async notify() {},
    } satisfies SmsProvider,
  };
  return g;
}

const outbox = (t: TestApp, phone: string) => t.db.select().from(smsMessage).where(eq(smsMessage.phone, phone)).orderBy(smsMessage.id);
const sign = (t: TestApp, phone: string, code: string) =>
  callApi(t, 'sign', { body: { phone, code, password: GOOD_PASSWORD, agree: true } });

describe('SMS through the job queue (ADR 0034)', () => {
  const clock = testClock();
  const gw = fakeGateway();
  let t: TestApp;
  beforeAll(async () => {
    // A minute between polls: only the wake after commit can make a send prompt.
    t = await createTestApp({ clock: clock.now, sms: gw.provider, env: { JOB_POLL_MS: '60000' } });
  });
  afterAll(async () => t.close());

  it('code4sms answers before a slow gateway does; the running worker, woken at commit, sends it', async () => {
    t.jobs.start();
    try {
      let release!: () => void;
      gw.gate = new Promise((r) => (release = r));
      const delivered = new Promise<void>((r) => (gw.onSent = r));
      const phone = newPhone();
      const res = await callApi(t, 'code4sms', { body: { phone, useFor: 0, altcha: await powFor(t) } });
      expect(res.body).toMatchObject({ code: 1, msg: '验证码已发送' });
      expect(gw.sent).toEqual([]);
      release();
      await delivered;
      await t.jobs.stop(); // waits for the handler, which writes the outbox after the gateway answered
      expect(await outbox(t, phone)).toMatchObject([{ status: 'sent', provider: 'aliyun' }]);
      expect((await sign(t, phone, gw.sent.at(-1)!.code)).body.code).toBe(1);
    } finally {
      await t.jobs.stop();
      gw.gate = Promise.resolve();
    }
    clock.advance(61);
  });

  it('a refusing gateway: the request succeeds, each try is retried with back-off and recorded, the code never stored', async () => {
    const phone = newPhone();
    gw.refusals = 2;
    expect((await requestCode(t, phone, 0)).body.code).toBe(1);
    const code = gw.tries.at(-1)!;
    let rows = await outbox(t, phone);
    expect(rows).toMatchObject([{ status: 'failed', content: expect.stringContaining('验证码为******') }]);
    expect(rows[0]!.error).toContain('code ******');
    expect(rows[0]!.error).not.toContain(code);
    const [queued] = await t.db.select().from(job).where(eq(job.kind, 'sms.send')).orderBy(desc(job.id)).limit(1);
    expect(queued).toMatchObject({ state: 'queued', attempts: 1 });
    expect(JSON.stringify(queued)).not.toContain(code);

    expect(await t.jobs.drain()).toBe(0); // not due yet: 2.5–5 s later
    clock.advance(5);
    await t.jobs.drain();
    clock.advance(10);
    await t.jobs.drain();
    rows = await outbox(t, phone);
    expect(rows.map((r) => r.status)).toEqual(['failed', 'failed', 'sent']);
    expect(gw.sent.at(-1)).toEqual({ phone, code });
    expect((await sign(t, phone, code)).body.code).toBe(1);
    clock.advance(61);
  });

  it('a code replaced by a newer one while its send waited is not sent', async () => {
    const phone = newPhone();
    gw.refusals = 1;
    await requestCode(t, phone, 0);
    const old = gw.tries.at(-1)!;
    clock.advance(61);
    await requestCode(t, phone, 0); // the new code is sent, and the old one's retry (due by now) is dropped
    const fresh = gw.sent.at(-1)!.code;
    expect(gw.sent.filter((s) => s.phone === phone)).toEqual([{ phone, code: fresh }]);
    expect(gw.tries.filter((c) => c === old)).toHaveLength(1);
    expect((await sign(t, phone, fresh)).body.code).toBe(1);
    clock.advance(61);
  });
});
