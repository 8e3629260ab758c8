// Research groups (课题组, ADR 0051) for API tests: a group, an application, the owner's view, a group with an agreed
// member, and the group's messages and audit rows, on the test file's app.
import { and, desc, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog, message } from '../src/db/schema.ts';
import type { TestApp } from './create-test-app.ts';
import { callApi, type TestUser } from './factories.ts';
import { orderingCustomer } from './order-factories.ts';

/** The attestations a group needs: its owner a teacher, a member a student. */
export const TEACHER = 3;
export const STUDENT = 0;

/** The helpers on the app `app()` answers (read when called: the test file starts it in beforeAll). */
export function clusterKit(app: () => TestApp) {
  let seq = 0;
  /** A group name not used before in this run. */
  const uniqueName = (base = '纳米材料课题组') => `${base}${++seq}`;

  async function createGroup(owner: TestUser, name = uniqueName()) {
    const res = await callApi(app(), 'clusterAdd', {
      token: owner.tokens.token,
      body: { name, institution: '某大学化学学院', description: '做纳米材料' },
    });
    expect(res.body.code, res.body.msg).toBe(1);
    return res.body.data;
  }

  async function apply(u: TestUser, id: number, msg = '') {
    return callApi(app(), 'clusterApply', { token: u.tokens.token, body: { id, message: msg } });
  }

  /** The owner's view of one group. */
  async function ownerView(owner: TestUser, id: number) {
    const res = await callApi(app(), 'clusterAll', { token: owner.tokens.token, body: { id } });
    expect(res.body.code, res.body.msg).toBe(1);
    return res.body.data.list[0]!;
  }

  /** A teacher with a group and a student who applied and was agreed: the shape most tests start from. */
  async function groupWithMember() {
    const owner = await orderingCustomer(app(), undefined, TEACHER);
    const student = await orderingCustomer(app(), undefined, STUDENT);
    const group = await createGroup(owner);
    const applied = await apply(student, group.id, '我是王老师的学生');
    expect(applied.body.code, applied.body.msg).toBe(1);
    const agreed = await callApi(app(), 'clusterAgree', {
      token: owner.tokens.token,
      body: { id: applied.body.data.mine.memberId, agree: true },
    });
    expect(agreed.body.code, agreed.body.msg).toBe(1);
    return { owner, student, group, studentRow: applied.body.data.mine.memberId };
  }

  const messagesOf = (userId: number) =>
    app()
      .db.select()
      .from(message)
      .where(and(eq(message.userId, userId), eq(message.kind, 'cluster')))
      .orderBy(desc(message.id));
  /**
   * The group's audit rows: its own (cluster.<action>) and its member rows'
   * moves. A member row moves on the state-machine engine (ADR 0058), whose
   * audit row is the row's own — cluster_member #<member id>.<action> with the
   * group's id among the changes — no longer the group's with memberId in the
   * changes.
   */
  const auditOf = async (clusterId: number) =>
    (
      await app()
        .db.select()
        .from(auditLog)
        .where(inArray(auditLog.objectType, ['cluster', 'cluster_member']))
        .orderBy(auditLog.id)
    ).filter((a) =>
      a.objectType === 'cluster'
        ? a.objectId === String(clusterId)
        : (a.changes as Record<string, [unknown, unknown]>).clusterId?.[1] === clusterId,
    );

  return { uniqueName, createGroup, apply, ownerView, groupWithMember, messagesOf, auditOf };
}
