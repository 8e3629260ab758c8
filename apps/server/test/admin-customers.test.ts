import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CustomerSummary } from '@yance/contracts/customer';
import type { AuditEntry } from '@yance/contracts/staff';
import type { UserInfoResponse } from '@yance/contracts/user';
import { loginEvent, userAccount } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, createUser, staffTokens, testClock, type TestUser } from './factories.ts';

const clock = testClock();
let t: TestApp;
let admin: string;
let manager: string;
let managerId: number;
let finance: string;
let lab: string;
let other: number; // a second manager's id

const profile = (over: Record<string, unknown> = {}) => ({
  name: '林晓',
  email: 'lin@example.edu.cn',
  organization: 3,
  company: 'Yance 材料实验室',
  region: '110108',
  address: '海淀区双清路30号',
  ...over,
});
const idOf = async (u: TestUser) => (await t.db.select().from(userAccount).where(eq(userAccount.phone, u.phone)))[0]!.id;
const info = async (u: TestUser) => (await callApi(t, 'userInfo', { token: u.tokens.token })).body.data as UserInfoResponse;
/** The customer's user/info shows a change staff made, within the second ADR 0081 allows the process to hear it. */
const heard = (u: TestUser, shown: Partial<UserInfoResponse['userInfo']>) =>
  vi.waitFor(async () => expect((await info(u)).userInfo).toMatchObject(shown), { timeout: 1000, interval: 5 });
const list = async (token: string, query: Record<string, string | number> = {}) => {
  const res = await callApi(t, 'customerList', { token, query: { pageSize: 50, ...query } as never });
  expect(res.status).toBe(200);
  return res.body.data as { list: CustomerSummary[]; total: number };
};
const audit = async (id: number) =>
  (await callApi(t, 'auditList', { token: admin, query: { objectType: 'customer', objectId: String(id) } })).body.data.list as AuditEntry[];
/** Registers a customer and moves them to the given manager (the round robin is tested in customer-managers). */
async function customerOf(mgr: number, over: Record<string, unknown> | null = null): Promise<{ u: TestUser; id: number }> {
  const u = await createUser(t, clock);
  const id = await idOf(u);
  await t.db.update(userAccount).set({ managerId: mgr }).where(eq(userAccount.id, id));
  if (over) expect((await callApi(t, 'update4profile', { token: u.tokens.token, body: profile(over) })).body.code).toBe(1);
  return { u, id };
}

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  admin = (await staffTokens(t, 'admin')).token;
  manager = (await staffTokens(t, 'manager')).token;
  finance = (await staffTokens(t, 'finance')).token;
  lab = (await staffTokens(t, 'lab')).token;
  managerId = (await callApi(t, 'adminMe', { token: manager })).body.data.id;
  const added = await callApi(t, 'staffAdd', {
    token: admin,
    body: { account: 'manager.two', name: '周经理', phone: '', email: '', roles: ['manager'], password: 'Lab coat 2049!' },
  });
  other = added.body.data.id;
});
afterAll(async () => t.close());

describe('customer list (issue 8, ADR 0035)', () => {
  it('finds customers by phone, name, company, organization, attestation state and manager, newest first', async () => {
    const a = await customerOf(managerId, { name: '欧阳明', company: 'Yance 材料实验室', organization: 2 });
    const b = await customerOf(other, { name: '欧阳华', company: '清华大学化学系', organization: 3 });
    const c = await customerOf(managerId);
    const ids = (r: { list: CustomerSummary[] }) => r.list.map((x) => x.id);

    expect(ids(await list(admin, { phone: a.u.phone }))).toEqual([a.id]);
    expect(ids(await list(admin, { phone: a.u.phone.slice(0, 7) }))).toContain(a.id);
    expect(ids(await list(admin, { name: '欧阳' }))).toEqual([b.id, a.id]);
    expect(ids(await list(admin, { name: '欧阳', sort: 'createdAsc' }))).toEqual([a.id, b.id]);
    expect(ids(await list(admin, { company: 'yance 材料' }))).toEqual([a.id]);
    expect(ids(await list(admin, { company: '清华' }))).toEqual([b.id]);
    expect(ids(await list(admin, { company: '100%' }))).toEqual([]);
    expect(ids(await list(admin, { name: '欧阳', organization: 2 }))).toEqual([a.id]);
    const pending = ids(await list(admin, { attestation: 'pending' }));
    expect(pending).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(pending).not.toContain(c.id);
    expect(ids(await list(admin, { attestation: 'none', managerId }))).toContain(c.id);
    const byOther = await list(admin, { managerId: other });
    expect(byOther.list.every((x) => x.managerId === other && x.managerName === '周经理')).toBe(true);
    expect(ids(byOther)).toContain(b.id);

    const page = await callApi(t, 'customerList', { token: admin, query: { pageSize: 1 } });
    expect(page.body.data).toMatchObject({ page: 1, pageSize: 1 });
    expect(page.body.data.total).toBeGreaterThanOrEqual(3);
    expect((await callApi(t, 'customerList', { token: admin, query: { attestation: 'maybe' } as never })).body.msg).toBe(
      '[认证状态]不存在',
    );
    expect((await callApi(t, 'customerList', { token: admin, query: { phone: '13x' } })).body.msg).toBe('[手机号]只能是数字');
  });

  it('a manager sees only their own customers, in the list and the detail (404 for another’s); admin and finance see all', async () => {
    const mine = await customerOf(managerId, {});
    const theirs = await customerOf(other, {});
    const own = await list(manager);
    expect(own.list.every((x) => x.managerId === managerId)).toBe(true);
    expect(own.list.map((x) => x.id)).toContain(mine.id);
    expect(own.list.map((x) => x.id)).not.toContain(theirs.id);
    expect((await list(manager, { managerId: other })).list).toEqual([]);
    expect((await list(finance)).list.map((x) => x.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));

    expect(await callApi(t, 'customerDetail', { token: manager, query: { id: theirs.id } })).toMatchObject({
      status: 404,
      body: { msg: '客户不存在' },
    });
    expect((await callApi(t, 'customerDetail', { token: manager, query: { id: 999999 } })).status).toBe(404);
    expect((await callApi(t, 'customerDisable', { token: manager, body: { id: theirs.id } })).status).toBe(404);
    expect((await callApi(t, 'customerReview', { token: manager, body: { id: theirs.id, approve: true } })).status).toBe(404);
    expect((await callApi(t, 'customerDetail', { token: finance, query: { id: theirs.id } })).status).toBe(200);
  });
});

describe('customer detail', () => {
  it('shows profile, attestation, addresses, the login history and the manager', async () => {
    const { u, id } = await customerOf(managerId, { name: '许青' });
    await callApi(t, 'addressAdd', {
      token: u.tokens.token,
      body: {
        name: '许青',
        phone: u.phone,
        province: '北京市',
        city: '北京市',
        area: '海淀区',
        address: '中关村1号',
        address_code: '110108',
        default: true,
      },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/open/login',
      headers: { 'x-forwarded-for': '198.51.100.7', 'user-agent': 'Mozilla/5.0 TestBrowser' },
      payload: { account: u.phone, password: u.password },
    });
    expect(login.statusCode).toBe(200);
    const d = (await callApi(t, 'customerDetail', { token: manager, query: { id } })).body.data;
    expect(d).toMatchObject({
      id,
      phone: u.phone,
      name: '许青',
      company: 'Yance 材料实验室',
      attestation: 'pending',
      attestationReason: '',
      disabled: false,
      managerId,
      manager: { id: managerId, name: '王经理', phone: '13800138000', email: 'manager@yance-lab.cn' },
    });
    expect(d.addresses).toHaveLength(1);
    expect(d.logins[0]).toMatchObject({ ip: '198.51.100.7', method: 'password', userAgent: 'Mozilla/5.0 TestBrowser' });
    expect(d.logins.at(-1)).toMatchObject({ method: 'register' });
  });
});

describe('disable and enable', () => {
  it('ends the customer’s sessions at once, refuses their login with a clear message, and logs both', async () => {
    const { u, id } = await customerOf(managerId);
    const before = await t.db.select().from(loginEvent).where(eq(loginEvent.userId, id));
    const res = await callApi(t, 'customerDisable', { token: manager, body: { id }, ip: '203.0.113.5' });
    expect(res.body).toMatchObject({ msg: '已停用', data: { id, disabled: true } });
    expect((await callApi(t, 'userInfo', { token: u.tokens.token })).status).toBe(401);
    expect((await callApi(t, 'refresh4token', { body: { token: u.tokens.refreshToken } })).status).toBe(401);
    const refused = await callApi(t, 'login', { body: { account: u.phone, password: u.password } });
    expect(refused).toMatchObject({ status: 403, body: { msg: '该账号已被停用，如有疑问请联系客服' } });
    // A refused login leaves no trace in the login history.
    expect(await t.db.select().from(loginEvent).where(eq(loginEvent.userId, id))).toHaveLength(before.length);
    expect((await list(admin, { disabled: 'true' })).list.map((x) => x.id)).toContain(id);

    expect((await callApi(t, 'customerEnable', { token: admin, body: { id } })).body.data.disabled).toBe(false);
    const again = await callApi(t, 'login', { body: { account: u.phone, password: u.password } });
    expect(again.status).toBe(200);
    expect((await callApi(t, 'userInfo', { token: again.body.data.token })).status).toBe(200);

    const rows = await audit(id);
    expect(rows.map((r) => r.action).slice(0, 2)).toEqual(['customer.enable', 'customer.disable']);
    expect(rows[1]).toMatchObject({ actorId: managerId, ip: '203.0.113.5', changes: { disabled: [false, true] } });
  });
});

describe('attestation review', () => {
  it('approves, or rejects with a reason the customer sees; a new submission is pending again', async () => {
    const { u, id } = await customerOf(managerId, {});
    expect((await info(u)).userInfo).toMatchObject({ attested: true, attestationState: 'pending', attestationReason: '' });

    const noReason = await callApi(t, 'customerReview', { token: manager, body: { id, approve: false } });
    expect(noReason).toMatchObject({ status: 400, body: { msg: '[原因]不能为空' } });
    const rejected = await callApi(t, 'customerReview', {
      token: manager,
      body: { id, approve: false, reason: '单位名称与营业执照不一致' },
    });
    expect(rejected.body).toMatchObject({ msg: '已审核', data: { attestation: 'rejected' } });
    // A staff change reaches the customer's kept user/info when PostgreSQL delivers its NOTIFY (ADR 0081), within 1 s.
    await heard(u, { attested: false, attestationState: 'rejected', attestationReason: '单位名称与营业执照不一致' });
    expect((await callApi(t, 'customerReview', { token: manager, body: { id, approve: true } })).status).toBe(409);

    expect(
      (await callApi(t, 'update4profile', { token: u.tokens.token, body: profile({ company: 'Yance 检测有限公司' }) })).body.code,
    ).toBe(1);
    expect((await info(u)).userInfo).toMatchObject({ attested: true, attestationState: 'pending', attestationReason: '' });
    expect((await callApi(t, 'customerReview', { token: admin, body: { id, approve: true } })).body.data.attestation).toBe('approved');
    await heard(u, { attested: true, attestationState: 'approved' });

    const rows = await audit(id);
    expect(rows.map((r) => r.action).slice(0, 4)).toEqual(['customer.approve', 'customer.attest', 'customer.reject', 'customer.attest']);
    expect(rows[2]!.changes).toMatchObject({
      attestationState: ['pending', 'rejected'],
      attestationReason: ['', '单位名称与营业执照不一致'],
      attested: [true, false],
    });
    expect(rows[1]).toMatchObject({ actorKind: 'customer', actorId: id, changes: { attestationState: ['rejected', 'pending'] } });
  });
});

describe('who may call what', () => {
  it('answers 403 to a role without the permission, for every customer call', async () => {
    const { id } = await customerOf(managerId);
    const calls = [
      ['customerList', { query: {} }],
      ['customerDetail', { query: { id } }],
      ['customerDisable', { body: { id } }],
      ['customerEnable', { body: { id } }],
      ['customerReview', { body: { id, approve: true } }],
      ['customerAssign', { body: { customerId: id, managerId } }],
    ] as const;
    for (const [name, input] of calls) {
      expect((await callApi(t, name, { token: lab, ...(input as object) })).status, `${name} as lab`).toBe(403);
    }
    for (const name of ['customerDisable', 'customerEnable', 'customerReview', 'customerAssign'] as const) {
      const input = calls.find(([n]) => n === name)![1];
      expect((await callApi(t, name, { token: finance, ...(input as object) })).status, `${name} as finance`).toBe(403);
    }
    expect((await callApi(t, 'customerAssign', { token: manager, body: { customerId: id, managerId: other } })).status).toBe(403);
  });
});

describe('the manager list of the console', () => {
  it('lists every manager, the disabled ones last and marked, to whoever reads customers; 403 to others', async () => {
    const added = await callApi(t, 'staffAdd', {
      token: admin,
      body: { account: 'manager.gone', name: '赵经理', phone: '', email: '', roles: ['manager', 'lab'], password: 'Lab coat 2049!' },
    });
    expect(added.status).toBe(200);
    expect((await callApi(t, 'staffDisable', { token: admin, body: { id: added.body.data.id } })).status).toBe(200);
    for (const token of [admin, finance, manager]) {
      const res = await callApi(t, 'customerManagers', { token });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        { id: managerId, account: 'manager', name: '王经理', disabled: false },
        { id: other, account: 'manager.two', name: '周经理', disabled: false },
        { id: added.body.data.id, account: 'manager.gone', name: '赵经理', disabled: true },
      ]);
    }
    expect((await callApi(t, 'customerManagers', { token: lab })).status).toBe(403);
  });
});

describe('the customer’s manager in user/info', () => {
  it('carries name, phone, e-mail and WeChat QR, and assigns one at first read to a customer who has none', async () => {
    const { u, id } = await customerOf(managerId);
    expect((await info(u)).userInfo.manager).toEqual({
      name: '王经理',
      phone: '13800138000',
      email: 'manager@yance-lab.cn',
      wechatQr: '/upload/img/staff/manager-wechat-qr.svg',
    });
    await t.db.update(userAccount).set({ managerId: null }).where(eq(userAccount.id, id));
    // A script's change reaches the process's kept user/info once PostgreSQL delivers its NOTIFY (ADR 0081), within a
    // second: until then the kept answer (with the manager) is served; the first read after it assigns one.
    const managerOf = async () => (await t.db.select().from(userAccount).where(eq(userAccount.id, id)))[0]!.managerId;
    const since = Date.now();
    let assigned: number | null = null;
    while (assigned === null && Date.now() - since <= 1000) {
      expect((await info(u)).userInfo.manager).not.toBeNull();
      assigned = await managerOf();
      if (assigned === null) await new Promise((r) => setTimeout(r, 5));
    }
    expect([managerId, other]).toContain(assigned);
    expect((await audit(id))[0]).toMatchObject({
      actorKind: 'system',
      action: 'customer.assign',
      changes: { managerId: [null, assigned] },
    });
  });
});
