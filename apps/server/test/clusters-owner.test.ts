import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUSTER_REFUSED } from '@yance/contracts/cluster';
import { cluster, clusterMember } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi } from './factories.ts';
import { orderingCustomer } from './order-factories.ts';
import { clusterKit, STUDENT, TEACHER } from './cluster-factories.ts';

// Research groups (课题组, ADR 0051): the owner's moves — ownership, members, look-ups, limits, deleting.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const { uniqueName, createGroup, apply, ownerView, groupWithMember, messagesOf, auditOf } = clusterKit(() => t);

describe('research groups: the owner’s moves', () => {
  it('transfers ownership only to a member of the group; the old owner stays a member', async () => {
    const { owner, student, group, studentRow } = await groupWithMember();
    const applicant = await orderingCustomer(t, undefined, STUDENT);
    const pending = await apply(applicant, group.id);
    const elsewhere = await groupWithMember();

    for (const memberId of [pending.body.data.mine.memberId, elsewhere.studentRow, 2_000_000_000]) {
      const res = await callApi(t, 'clusterTransfer', { token: owner.tokens.token, body: { id: group.id, memberId } });
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe(CLUSTER_REFUSED.notMemberTarget);
    }
    const ownRow = (await ownerView(owner, group.id)).members.find((m) => m.role === 'owner')!.id;
    expect((await callApi(t, 'clusterTransfer', { token: owner.tokens.token, body: { id: group.id, memberId: ownRow } })).body.msg).toBe(
      CLUSTER_REFUSED.transferSelf,
    );
    // A member cannot transfer: the group is not theirs (404).
    expect(
      (await callApi(t, 'clusterTransfer', { token: student.tokens.token, body: { id: group.id, memberId: studentRow } })).status,
    ).toBe(404);

    const done = await callApi(t, 'clusterTransfer', { token: owner.tokens.token, body: { id: group.id, memberId: studentRow } });
    expect(done.body).toMatchObject({ code: 1, msg: '课题组已转让' });
    const [row] = await t.db.select().from(cluster).where(eq(cluster.id, group.id));
    expect(row!.ownerId).toBe(student.id);
    const view = await ownerView(student, group.id);
    expect(view.members.map((m) => [m.id, m.role])).toEqual([
      [studentRow, 'owner'],
      [ownRow, 'member'],
    ]);
    expect(view.applications).toHaveLength(1);
    expect((await callApi(t, 'clusterAll', { token: owner.tokens.token, body: { id: group.id } })).status).toBe(404);
    const joined = await callApi(t, 'clusterJoined', { token: owner.tokens.token, body: {} });
    expect(joined.body.data.list[0]!.mine).toMatchObject({ state: 'member', role: 'member' });
    expect((await messagesOf(student.id))[0]).toMatchObject({ title: '课题组已转让给您' });
    expect((await auditOf(group.id)).at(-1)).toMatchObject({ action: 'cluster.transfer', changes: { ownerId: [owner.id, student.id] } });
  });

  it('never removes the owner; removes a member or lets them leave, each told and audited', async () => {
    const { owner, student, group, studentRow } = await groupWithMember();
    const ownRow = (await ownerView(owner, group.id)).members.find((m) => m.role === 'owner')!.id;
    const removeOwner = await callApi(t, 'clusterDelete4user', { token: owner.tokens.token, body: { id: ownRow } });
    expect(removeOwner.status).toBe(409);
    expect(removeOwner.body.msg).toBe(CLUSTER_REFUSED.ownerLeave);
    const byMember = await callApi(t, 'clusterDelete4user', { token: student.tokens.token, body: { id: ownRow } });
    expect(byMember.status).toBe(404);
    // A stranger cannot remove anyone.
    const stranger = await orderingCustomer(t, undefined, STUDENT);
    expect((await callApi(t, 'clusterDelete4user', { token: stranger.tokens.token, body: { id: studentRow } })).status).toBe(404);

    const left = await callApi(t, 'clusterDelete4user', { token: student.tokens.token, body: { id: studentRow } });
    expect(left.body.code).toBe(1);
    expect((await messagesOf(owner.id))[0]).toMatchObject({ title: '成员退出课题组' });
    expect((await auditOf(group.id)).at(-1)).toMatchObject({ action: 'cluster_member.leave', changes: { state: ['member', 'left'] } });
    expect((await ownerView(owner, group.id)).memberCount).toBe(1);

    const again = await apply(student, group.id);
    await callApi(t, 'clusterAgree', { token: owner.tokens.token, body: { id: again.body.data.mine.memberId, agree: true } });
    const removed = await callApi(t, 'clusterDelete4user', { token: owner.tokens.token, body: { id: again.body.data.mine.memberId } });
    expect(removed.body.code).toBe(1);
    expect((await messagesOf(student.id))[0]).toMatchObject({ title: '您已被移出课题组' });
    expect((await auditOf(group.id)).at(-1)).toMatchObject({ action: 'cluster_member.remove', actorId: owner.id });
    expect(
      (await callApi(t, 'clusterDelete4user', { token: owner.tokens.token, body: { id: again.body.data.mine.memberId } })).status,
    ).toBe(409);
  });

  it('looks a customer up by whole phone without leaking it, adds them, and sets their limit', async () => {
    const owner = await orderingCustomer(t, undefined, TEACHER);
    const group = await createGroup(owner);
    const student = await orderingCustomer(t, undefined, STUDENT);

    const found = await callApi(t, 'clusterSearch4user', { token: owner.tokens.token, body: { id: group.id, phone: student.phone } });
    expect(found.body.data).toEqual({ name: '张同学', phone: `${student.phone.slice(0, 3)}****${student.phone.slice(7)}`, state: null });
    expect(JSON.stringify(found.body)).not.toContain(student.phone);
    const missing = await callApi(t, 'clusterSearch4user', { token: owner.tokens.token, body: { id: group.id, phone: '19900000000' } });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe(CLUSTER_REFUSED.userMissing);
    const bad = await callApi(t, 'clusterSearch4user', { token: owner.tokens.token, body: { id: group.id, phone: '1380000' } });
    expect(bad.body.msg).toBe('[手机号]格式不正确');
    // Not the owner: the group answers 404 before the phone is looked at.
    const foreign = await callApi(t, 'clusterSearch4user', { token: student.tokens.token, body: { id: group.id, phone: owner.phone } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('课题组不存在');

    const added = await callApi(t, 'clusterAdd4user', { token: owner.tokens.token, body: { id: group.id, phone: student.phone } });
    expect(added.body).toMatchObject({ code: 1, msg: '成员已添加' });
    expect(added.body.data).toMatchObject({ role: 'member', limitFen: 0, phone: expect.stringContaining('****') });
    expect((await messagesOf(student.id))[0]).toMatchObject({ title: '您已加入课题组' });
    const twice = await callApi(t, 'clusterAdd4user', { token: owner.tokens.token, body: { id: group.id, phone: student.phone } });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe(CLUSTER_REFUSED.userMember);
    expect(
      (await callApi(t, 'clusterSearch4user', { token: owner.tokens.token, body: { id: group.id, phone: student.phone } })).body.data.state,
    ).toBe('member');

    const negative = await callApi(t, 'clusterAssign', { token: owner.tokens.token, body: { id: added.body.data.id, limitFen: -1 } });
    expect(negative.status).toBe(400);
    const assigned = await callApi(t, 'clusterAssign', { token: owner.tokens.token, body: { id: added.body.data.id, limitFen: 150_000 } });
    expect(assigned.body).toMatchObject({ code: 1, msg: '额度已保存', data: { limitFen: 150_000 } });
    expect((await auditOf(group.id)).at(-1)).toMatchObject({ action: 'cluster.assign', changes: { limitFen: [0, 150_000] } });
    expect((await messagesOf(student.id))[0]!.content).toContain('¥1,500.00');
    const joined = await callApi(t, 'clusterJoined', { token: student.tokens.token, body: {} });
    expect(joined.body.data.list[0]).toMatchObject({ limitFen: 150_000, spentFen: 0 });
    // The member cannot set their own limit.
    expect((await callApi(t, 'clusterAssign', { token: student.tokens.token, body: { id: added.body.data.id, limitFen: 9 } })).status).toBe(
      404,
    );
  });

  it('counts phone look-ups: after 30 in an hour the owner waits', async () => {
    const owner = await orderingCustomer(t, undefined, TEACHER);
    const group = await createGroup(owner);
    const body = { id: group.id, phone: '19900000001' };
    for (let i = 0; i < 30; i++) expect((await callApi(t, 'clusterSearch4user', { token: owner.tokens.token, body })).status).toBe(404);
    const limited = await callApi(t, 'clusterAdd4user', { token: owner.tokens.token, body });
    expect(limited.status).toBe(429);
    expect(limited.body.msg).toMatch(/^查询过于频繁，请\d+分钟后再试$/);
  });

  it('answers another customer’s group as a missing one on every owner call', async () => {
    const { group, studentRow } = await groupWithMember();
    const other = await orderingCustomer(t, undefined, TEACHER);
    const token = other.tokens.token;
    const calls = [
      callApi(t, 'clusterEdit', { token, body: { id: group.id, name: uniqueName(), institution: '某大学' } }),
      callApi(t, 'clusterDel', { token, body: { id: group.id } }),
      callApi(t, 'clusterAll', { token, body: { id: group.id } }),
      callApi(t, 'clusterTransfer', { token, body: { id: group.id, memberId: studentRow } }),
      callApi(t, 'clusterAdd4user', { token, body: { id: group.id, phone: other.phone } }),
      callApi(t, 'clusterSearch4user', { token, body: { id: group.id, phone: other.phone } }),
      callApi(t, 'clusterAssign', { token, body: { id: studentRow, limitFen: 1 } }),
      callApi(t, 'clusterDelete4user', { token, body: { id: studentRow } }),
    ];
    for (const res of await Promise.all(calls)) expect([res.status, res.body.msg]).toEqual([404, expect.stringMatching(/不存在$/)]);
  });

  it('deletes a group only when the owner is its last member; pending applicants are told and the name is free again', async () => {
    const { owner, student, group, studentRow } = await groupWithMember();
    const applicant = await orderingCustomer(t, undefined, STUDENT);
    const pending = await apply(applicant, group.id);
    const refused = await callApi(t, 'clusterDel', { token: owner.tokens.token, body: { id: group.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(CLUSTER_REFUSED.notEmpty);

    await callApi(t, 'clusterDelete4user', { token: owner.tokens.token, body: { id: studentRow } });
    const deleted = await callApi(t, 'clusterDel', { token: owner.tokens.token, body: { id: group.id } });
    expect(deleted.body).toMatchObject({ code: 1, msg: '课题组已删除' });
    const [row] = await t.db.select().from(clusterMember).where(eq(clusterMember.id, pending.body.data.mine.memberId));
    expect(row!.state).toBe('refused');
    expect((await messagesOf(applicant.id))[0]!.content).toContain('已解散');
    expect((await auditOf(group.id)).map((a) => a.action).slice(-3)).toEqual([
      'cluster_member.refuse',
      'cluster_member.dissolve',
      'cluster.del',
    ]);
    expect((await callApi(t, 'clusterSearch', { token: student.tokens.token, body: { kw: group.name } })).body.data.total).toBe(0);
    expect((await callApi(t, 'clusterApply', { token: student.tokens.token, body: { id: group.id } })).status).toBe(404);
    await createGroup(owner, group.name);
  });
});
