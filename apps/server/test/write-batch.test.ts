// The transaction's write batch (ADR 0066): rows and declared statements held until just before COMMIT, written as
// one statement — a kept, named text for a batch of a shape seen before (a payment group's too, ADR 0085), built
// afresh for a bulk one. Whichever way, what lands is what each write asked for, value by value.
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, message, userAccount } from '../src/db/schema.ts';
import { insertAudit } from '../src/modules/audit/audit.repository.ts';
import { insertMessage } from '../src/modules/notify/notify.repository.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { createUser } from './factories.ts';
import { testRunner } from './job-helpers.ts';

describe('the write batch', () => {
  let t: TestApp;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const { phone } = await createUser(t);
    const [u] = await t.db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.phone, phone));
    userId = u!.id;
  });
  afterAll(async () => t.close());

  /** n writes of each kind in one transaction, every value of them its own (the run's tag, the index). */
  async function writeGroup(tag: string, n: number) {
    const ctx = testRunner(t, () => new Date(), {}).ctx;
    await ctx.tx(async (tx) => {
      for (let i = 0; i < n; i++) {
        await insertAudit(tx.db, {
          at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
          actorKind: 'customer',
          actorId: userId,
          actorName: `${tag}-name-${i}`,
          action: `${tag}.act`,
          objectType: 'order',
          objectId: `${tag}-${i}`,
          changes: { n: [i, i + 1], tag: [null, `${tag}'"{}`] },
          // Every other row leaves the ip to its default: rows of one table in two shapes.
          ...(i % 2 ? { ip: `10.0.0.${i}` } : {}),
        });
        await insertMessage(tx.db, {
          userId,
          kind: 'pay',
          title: `${tag}-title-${i}`,
          content: `${tag} ${i}`,
          key: `${tag}:${i}`,
          createdAt: new Date(),
        });
      }
    });
  }

  const written = async (tag: string) => ({
    audit: await t.db
      .select({ at: auditLog.at, name: auditLog.actorName, objectId: auditLog.objectId, changes: auditLog.changes, ip: auditLog.ip })
      .from(auditLog)
      .where(eq(auditLog.action, `${tag}.act`))
      .orderBy(asc(auditLog.id)),
    messages: await t.db
      .select({ title: message.title, content: message.content, key: message.key })
      .from(message)
      .where(and(eq(message.userId, userId), like(message.key, `${tag}:%`)))
      .orderBy(asc(message.id)),
  });

  const expected = (tag: string, n: number) => ({
    audit: Array.from({ length: n }, (_, i) => ({
      at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      name: `${tag}-name-${i}`,
      objectId: `${tag}-${i}`,
      changes: { n: [i, i + 1], tag: [null, `${tag}'"{}`] },
      ip: i % 2 ? `10.0.0.${i}` : '',
    })),
    messages: Array.from({ length: n }, (_, i) => ({ title: `${tag}-title-${i}`, content: `${tag} ${i}`, key: `${tag}:${i}` })),
  });

  it('writes a group-sized batch of a kept shape, twice with other values, as each write asked', async () => {
    // 12 × 2 rows: the size of a payment group's batch, kept as a named statement after its first build.
    await writeGroup('first', 12);
    await writeGroup('second', 12);
    expect(await written('first')).toEqual(expected('first', 12));
    expect(await written('second')).toEqual(expected('second', 12));
  });

  it('writes a bulk batch (built each time) the same way', async () => {
    await writeGroup('bulk', 40);
    expect(await written('bulk')).toEqual(expected('bulk', 40));
  });

  it('a row that conflicts is skipped in a kept shape as in a built one (the message key)', async () => {
    await writeGroup('again', 3);
    await writeGroup('again', 3);
    const w = await written('again');
    expect(w.messages).toEqual(expected('again', 3).messages);
    expect(w.audit).toHaveLength(6);
  });
});
