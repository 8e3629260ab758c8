import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUSTER_REFUSED, CLUSTERS_PER_OWNER } from '@yance/contracts/cluster';
import { clusterMember, staffAccount, userAccount } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, createUser, staffTokens } from './factories.ts';
import { orderingCustomer } from './order-factories.ts';
import { clusterKit, STUDENT, TEACHER } from './cluster-factories.ts';

// Research groups (课题组, ADR 0051): creating, applying and agreeing, and the console's read. The owner's moves:
// clusters-owner.test.ts.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const { uniqueName, createGroup, apply, ownerView, groupWithMember, messagesOf, auditOf } = clusterKit(() => t);

describe('research groups: creating (ADR 0051)', () => {
  it('lets only a customer attested as a teacher create a group, with a clear message for others', async () => {
    const student = await orderingCustomer(t, undefined, STUDENT);
    const unattested = await createUser(t);
    for (const u of [student, unattested]) {
      const res = await callApi(t, 'clusterAdd', { token: u.tokens.token, body: { name: uniqueName(), institution: '某大学' } });
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe(CLUSTER_REFUSED.notTeacher);
    }
    const all = await callApi(t, 'clusterAll', { token: student.tokens.token, body: {} });
    expect(all.body.data).toEqual({ list: [], mayCreate: false, refusal: CLUSTER_REFUSED.notTeacher });

    const teacher = await orderingCustomer(t, undefined, TEACHER);
    const created = await callApi(t, 'clusterAdd', {
      token: teacher.tokens.token,
      body: { name: '  表面化学课题组 ', institution: '某大学化学学院', description: '研究表面\r\n与界面' },
      ip: '203.0.113.7',
    });
    expect(created.body).toMatchObject({ code: 1, msg: '课题组已创建' });
    expect(created.body.data).toMatchObject({
      name: '表面化学课题组',
      institution: '某大学化学学院',
      description: '研究表面\n与界面',
      ownerName: '张同学',
      memberCount: 1,
      mine: { state: 'member', role: 'owner' },
    });
    const [audit] = await auditOf(created.body.data.id);
    expect(audit).toMatchObject({ action: 'cluster.add', actorKind: 'customer', actorId: teacher.id, ip: '203.0.113.7' });
    const view = await ownerView(teacher, created.body.data.id);
    expect(view.members).toEqual([expect.objectContaining({ role: 'owner', name: '张同学', limitFen: 0, spentFen: 0 })]);
    expect(view.members[0]!.phone).toBe(`${teacher.phone.slice(0, 3)}****${teacher.phone.slice(7)}`);
  });

  it('keeps names unique among live groups (any case), at most 40 characters, and five groups per owner', async () => {
    const teacher = await orderingCustomer(t, undefined, TEACHER);
    const other = await orderingCustomer(t, undefined, TEACHER);
    const name = uniqueName('Catalysis Lab ');
    await createGroup(teacher, name);
    const dup = await callApi(t, 'clusterAdd', { token: other.tokens.token, body: { name: name.toUpperCase(), institution: '某大学' } });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe(CLUSTER_REFUSED.nameTaken);
    const long = await callApi(t, 'clusterAdd', { token: other.tokens.token, body: { name: '课'.repeat(41), institution: '某大学' } });
    expect(long.body.msg).toBe('[课题组名称]不能超过40个字');
    const empty = await callApi(t, 'clusterAdd', { token: other.tokens.token, body: { name: ' ', institution: '某大学' } });
    expect(empty.body.msg).toBe('[课题组名称]不能为空');

    // Renaming onto a taken name is the same refusal.
    const mine = await createGroup(other);
    const rename = await callApi(t, 'clusterEdit', { token: other.tokens.token, body: { id: mine.id, name, institution: '某大学' } });
    expect(rename.status).toBe(409);
    const edited = await callApi(t, 'clusterEdit', {
      token: other.tokens.token,
      body: { id: mine.id, name: `${mine.name}（新）`, institution: '某研究所', description: '' },
    });
    expect(edited.body.data).toMatchObject({ name: `${mine.name}（新）`, institution: '某研究所' });
    expect((await auditOf(mine.id)).at(-1)).toMatchObject({
      action: 'cluster.edit',
      changes: { institution: ['某大学化学学院', '某研究所'] },
    });

    for (let i = 1; i < CLUSTERS_PER_OWNER; i++) await createGroup(teacher);
    const sixth = await callApi(t, 'clusterAdd', { token: teacher.tokens.token, body: { name: uniqueName(), institution: '某大学' } });
    expect(sixth.status).toBe(409);
    expect(sixth.body.msg).toBe(CLUSTER_REFUSED.tooMany);
    const all = await callApi(t, 'clusterAll', { token: teacher.tokens.token, body: {} });
    expect(all.body.data).toMatchObject({ mayCreate: false, refusal: CLUSTER_REFUSED.tooMany });
    expect(all.body.data.list).toHaveLength(CLUSTERS_PER_OWNER);
  });
});

describe('research groups: applying and agreeing', () => {
  it('searches by name or institution with member counts and my state; applies once while pending; the owner agrees', async () => {
    const owner = await orderingCustomer(t, undefined, TEACHER);
    const student = await orderingCustomer(t, undefined, STUDENT);
    const name = uniqueName('高分子薄膜组');
    const group = await createGroup(owner, name);

    const byName = await callApi(t, 'clusterSearch', { token: student.tokens.token, body: { kw: '分子薄膜' } });
    expect(byName.body.data.list.find((g) => g.id === group.id)).toMatchObject({ memberCount: 1, mine: null, ownerName: '张同学' });
    const byInstitution = await callApi(t, 'clusterSearch', { token: student.tokens.token, body: { kw: '化学学院', pageSize: 50 } });
    expect(byInstitution.body.data.list.map((g) => g.id)).toContain(group.id);
    const none = await callApi(t, 'clusterSearch', { token: student.tokens.token, body: { kw: '不存在的课题组名称' } });
    expect(none.body.data).toMatchObject({ list: [], total: 0 });

    const first = await apply(student, group.id, '  想测XRD  ');
    expect(first.body).toMatchObject({ code: 1, msg: '申请已提交，请等待负责人审核' });
    expect(first.body.data).toMatchObject({ id: group.id, mine: { state: 'applied', role: 'member' }, limitFen: 0 });
    const again = await apply(student, group.id);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(CLUSTER_REFUSED.alreadyApplied);
    const own = await apply(owner, group.id);
    expect(own.body.msg).toBe(CLUSTER_REFUSED.ownGroup);
    expect((await apply(student, 2_000_000_000)).status).toBe(404);

    // The owner is told, and sees the application with the message and a masked phone.
    expect((await messagesOf(owner.id))[0]).toMatchObject({ title: '新的入组申请', orderId: null });
    expect((await messagesOf(owner.id))[0]!.content).toContain('想测XRD');
    const view = await ownerView(owner, group.id);
    expect(view.applications).toEqual([
      expect.objectContaining({ id: first.body.data.mine.memberId, message: '想测XRD', phone: expect.stringMatching(/^\d{3}\*{4}\d{4}$/) }),
    ]);
    expect(view.applicationsTotal).toBe(1);
    const mine = await callApi(t, 'clusterSearch', { token: student.tokens.token, body: { kw: name } });
    expect(mine.body.data.list[0]!.mine).toMatchObject({ state: 'applied' });

    // Someone else cannot answer it: the same 404 as a missing application.
    const stranger = await orderingCustomer(t, undefined, TEACHER);
    const foreign = await callApi(t, 'clusterAgree', {
      token: stranger.tokens.token,
      body: { id: first.body.data.mine.memberId, agree: true },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('申请不存在');
    const bySelf = await callApi(t, 'clusterAgree', {
      token: student.tokens.token,
      body: { id: first.body.data.mine.memberId, agree: true },
    });
    expect(bySelf.status).toBe(404);

    const agreed = await callApi(t, 'clusterAgree', {
      token: owner.tokens.token,
      body: { id: first.body.data.mine.memberId, agree: true },
    });
    expect(agreed.body.code).toBe(1);
    const twice = await callApi(t, 'clusterAgree', {
      token: owner.tokens.token,
      body: { id: first.body.data.mine.memberId, agree: false },
    });
    expect(twice.status).toBe(409);
    expect((await messagesOf(student.id))[0]).toMatchObject({ title: '入组申请已通过' });
    expect((await auditOf(group.id)).map((a) => a.action)).toEqual([
      'cluster.add',
      'cluster_member.create',
      'cluster_member.apply',
      'cluster_member.agree',
    ]);
    expect((await auditOf(group.id)).at(-1)!.changes).toMatchObject({ state: ['applied', 'member'] });

    const member = await apply(student, group.id);
    expect(member.body.msg).toBe(CLUSTER_REFUSED.alreadyMember);
    const joined = await callApi(t, 'clusterJoined', { token: student.tokens.token, body: {} });
    expect(joined.body.data.list).toEqual([
      expect.objectContaining({ id: group.id, memberCount: 2, mine: expect.objectContaining({ state: 'member', role: 'member' }) }),
    ]);
    expect((await ownerView(owner, group.id)).applications).toEqual([]);
  });

  it('refuses an application; the applicant is told and may apply again later', async () => {
    const owner = await orderingCustomer(t, undefined, TEACHER);
    const student = await orderingCustomer(t, undefined, STUDENT);
    const group = await createGroup(owner);
    const first = await apply(student, group.id);
    const refused = await callApi(t, 'clusterAgree', {
      token: owner.tokens.token,
      body: { id: first.body.data.mine.memberId, agree: false },
    });
    expect(refused.body.code).toBe(1);
    expect((await messagesOf(student.id))[0]).toMatchObject({ title: '入组申请未通过' });
    expect((await callApi(t, 'clusterJoined', { token: student.tokens.token, body: {} })).body.data.total).toBe(0);
    const second = await apply(student, group.id);
    expect(second.body.code).toBe(1);
    expect(second.body.data.mine.memberId).not.toBe(first.body.data.mine.memberId);
    const [row] = await t.db.select().from(clusterMember).where(eq(clusterMember.id, first.body.data.mine.memberId));
    expect(row).toMatchObject({ state: 'refused' });
  });
});

describe('research groups in the console', () => {
  it('lists groups for finance (all) and a manager (their customers’ only), read only; other roles are refused', async () => {
    const a = await groupWithMember();
    const b = await groupWithMember();
    const [manager] = await t.db.select().from(staffAccount).where(eq(staffAccount.account, 'manager'));
    await t.db.update(userAccount).set({ managerId: manager!.id }).where(eq(userAccount.id, a.owner.id));
    await t.db.update(userAccount).set({ managerId: null }).where(eq(userAccount.id, b.owner.id));
    const finance = (await staffTokens(t, 'finance')).token;
    const managerToken = (await staffTokens(t, 'manager')).token;
    const lab = (await staffTokens(t, 'lab')).token;

    const all = await callApi(t, 'adminClusterList', { token: finance, query: { pageSize: 50 } });
    expect(all.body.data.list.map((g) => g.id)).toEqual(expect.arrayContaining([a.group.id, b.group.id]));
    expect(all.body.data.list.find((g) => g.id === a.group.id)).toMatchObject({
      ownerPhone: a.owner.phone,
      memberCount: 2,
      pendingCount: 0,
    });
    const byPhone = await callApi(t, 'adminClusterList', { token: finance, query: { kw: a.owner.phone } });
    expect(byPhone.body.data.list.map((g) => g.id)).toEqual([a.group.id]);

    const seen = await callApi(t, 'adminClusterList', { token: managerToken, query: { pageSize: 50 } });
    expect(seen.body.data.list.map((g) => g.id)).toContain(a.group.id);
    expect(seen.body.data.list.map((g) => g.id)).not.toContain(b.group.id);
    expect((await callApi(t, 'adminClusterDetail', { token: managerToken, query: { id: b.group.id } })).status).toBe(404);
    const detail = await callApi(t, 'adminClusterDetail', { token: managerToken, query: { id: a.group.id } });
    expect(detail.body.data.members.map((m) => [m.role, m.state, m.phone])).toEqual([
      ['owner', 'member', a.owner.phone],
      ['member', 'member', a.student.phone],
    ]);
    expect((await callApi(t, 'adminClusterList', { token: lab })).status).toBe(403);
  });
});
