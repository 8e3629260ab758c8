import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { job, powChallengeUsed, rateCounter, smsCode, userAccount, userSession, wxTicket } from '../src/db/schema.ts';
import { addSeconds } from '../src/lib/clock.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { createUser, newPhone, testClock } from './factories.ts';

const DAY = 86_400;
const unique = () => randomBytes(12).toString('hex');

describe('the purge job removes expired rows only (ADR 0034)', () => {
  const clock = testClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now });
  });
  afterAll(async () => t.close());

  it('sessions, SMS codes, QR tickets, used challenges, counters and old finished jobs', async () => {
    const user = await createUser(t, clock);
    const [{ id: userId }] = (await t.db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.phone, user.phone))) as [
      { id: number },
    ];
    const now = clock.now();
    const at = (seconds: number) => addSeconds(now, seconds);

    const session = (refreshExpiresAt: Date) => ({
      userId,
      family: unique(),
      accessHash: unique(),
      refreshHash: unique(),
      accessExpiresAt: refreshExpiresAt,
      refreshExpiresAt,
    });
    const sessions = await t.db
      .insert(userSession)
      .values([session(at(-31 * DAY)), session(at(-29 * DAY))])
      .returning({ id: userSession.id });
    const phone = newPhone();
    const codes = await t.db
      .insert(smsCode)
      .values([
        { phone, purpose: 0, codeHash: 'a', expiresAt: at(-1), createdAt: at(-601) },
        { phone, purpose: 0, codeHash: 'b', expiresAt: at(600), createdAt: now },
      ])
      .returning({ id: smsCode.id });
    const [oldNonce, liveNonce] = [unique(), unique()];
    await t.db.insert(powChallengeUsed).values([
      { nonce: oldNonce, expiresAt: at(-1) },
      { nonce: liveNonce, expiresAt: at(300) },
    ]);
    const [oldKey, liveKey] = [`purge:${unique()}`, `purge:${unique()}`];
    await t.db.insert(rateCounter).values([
      { key: oldKey, count: 3, expiresAt: at(-1) },
      { key: liveKey, count: 3, expiresAt: at(60) },
    ]);
    const [oldTicket, recentTicket] = [unique(), unique()];
    await t.db.insert(wxTicket).values([
      { ticket: oldTicket, provider: 'local', status: 'waiting', expiresAt: at(-2 * DAY) },
      // Expired an hour ago: kept a day, as a confirmed ticket still serves its first poll.
      { ticket: recentTicket, provider: 'local', status: 'confirmed', expiresAt: at(-3600) },
    ]);
    const finished = (state: 'done' | 'failed', ago: number) => ({
      kind: 'sms.notice' as const,
      state,
      maxAttempts: 1,
      attempts: 1,
      runAt: at(-ago),
      createdAt: at(-ago),
      updatedAt: at(-ago),
      finishedAt: at(-ago),
    });
    const jobs = await t.db
      .insert(job)
      .values([finished('done', 8 * DAY), finished('done', DAY), finished('failed', 31 * DAY), finished('failed', 10 * DAY)])
      .returning({ id: job.id });

    await t.jobs.ensureSchedules();
    // Each scheduled kind runs once: the purge, the kept samples' check (ADR 0041), the quotes' expiry (ADR 0044)
    // the money sweep (ADR 0050), the points expiry (ADR 0053), the promoters' rebate release (ADR 0055) and the
    // paid orders' fold into 已下单 (ADR 0066).
    expect(await t.jobs.drain()).toBe(7);

    const left = async <T>(rows: Promise<T[]>) => (await rows).length;
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
    expect(
      ids(
        await t.db
          .select({ id: userSession.id })
          .from(userSession)
          .where(inArray(userSession.id, ids(sessions))),
      ),
    ).toEqual([sessions[1]!.id]);
    // The user's own live session (from sign-up) is untouched.
    expect(await left(t.db.select().from(userSession).where(eq(userSession.userId, userId)))).toBe(2);
    expect(
      ids(
        await t.db
          .select({ id: smsCode.id })
          .from(smsCode)
          .where(inArray(smsCode.id, ids(codes))),
      ),
    ).toEqual([codes[1]!.id]);
    expect(
      (
        await t.db
          .select()
          .from(powChallengeUsed)
          .where(inArray(powChallengeUsed.nonce, [oldNonce, liveNonce]))
      ).map((r) => r.nonce),
    ).toEqual([liveNonce]);
    expect(
      (
        await t.db
          .select()
          .from(rateCounter)
          .where(inArray(rateCounter.key, [oldKey, liveKey]))
      ).map((r) => r.key),
    ).toEqual([liveKey]);
    expect(
      (
        await t.db
          .select()
          .from(wxTicket)
          .where(inArray(wxTicket.ticket, [oldTicket, recentTicket]))
      ).map((r) => r.ticket),
    ).toEqual([recentTicket]);
    expect(
      ids(
        await t.db
          .select({ id: job.id })
          .from(job)
          .where(inArray(job.id, ids(jobs))),
      ),
    ).toEqual([jobs[1]!.id, jobs[3]!.id]);
    // The purge itself is done, and its next run is queued.
    const purges = await t.db.select().from(job).where(eq(job.kind, 'purge.expired')).orderBy(job.id);
    expect(purges.map((p) => p.state)).toEqual(['done', 'queued']);
    expect(purges[1]!.runAt).toEqual(addSeconds(now, 3600));
  });
});
