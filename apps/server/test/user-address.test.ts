import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address, UserInfoResponse } from '@yance/contracts/user';
import { endpoints, type EndpointName } from '@yance/contracts/endpoints';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../src/context.ts';
import { userAccount } from '../src/db/schema.ts';
import { getAddresses } from '../src/modules/address/index.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, createUser, testClock, type TestUser } from './factories.ts';

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(async () => t.close());

const as = (u: TestUser) => ({ token: u.tokens.token });
const info = async (u: TestUser) => (await callApi(t, 'userInfo', { ...as(u) })).body.data as UserInfoResponse;
const place = (over: Partial<Record<string, unknown>> = {}) => ({
  name: '张三',
  phone: '13800138000',
  province: '北京市',
  city: '北京市',
  area: '东城区',
  address: '东长安街1号',
  address_code: '110101',
  default: false,
  ...over,
});
const add = async (u: TestUser, over = {}) => (await callApi(t, 'addressAdd', { body: place(over), ...as(u) })).body.data as Address;

const profile = {
  name: '李四',
  email: 'li@example.edu.cn',
  organization: 3,
  company: '清华大学',
  region: '110108',
  address: '海淀区双清路30号',
};

describe('profile (update4profile)', () => {
  it('stores the attestation form and marks the account attested', async () => {
    const u = await createUser(t, clock);
    const res = await callApi(t, 'update4profile', { body: profile, ...as(u) });
    expect(res.body).toMatchObject({ code: 1 });
    expect((await info(u)).userInfo).toMatchObject({ ...profile, attested: true, teacher: '' });
  });

  it('requires a tutor for students, with the spec wording', async () => {
    const u = await createUser(t, clock);
    const res = await callApi(t, 'update4profile', { body: { ...profile, organization: 0 }, ...as(u) });
    expect(res).toMatchObject({ status: 400, body: { msg: '「导师」不能为空' } });
    const ok = await callApi(t, 'update4profile', { body: { ...profile, organization: 0, teacher: '王老师' }, ...as(u) });
    expect(ok.body.code).toBe(1);
  });

  it('calls an enterprise’s empty company what its form calls it: 公司名称', async () => {
    const u = await createUser(t, clock);
    const res = await callApi(t, 'update4profile', { body: { ...profile, organization: 2, company: ' ' }, ...as(u) });
    expect(res).toMatchObject({ status: 400, body: { msg: '「公司名称」不能为空' } });
  });

  it.each([
    ['name', '「姓名」不能为空'],
    ['email', '「邮箱」不能为空'],
    ['company', '「单位名称」不能为空'],
    ['region', '「所在地区」不能为空'],
    ['address', '「详细地址」不能为空'],
  ])('refuses an empty %s', async (field, msg) => {
    const u = await createUser(t, clock);
    expect((await callApi(t, 'update4profile', { body: { ...profile, [field]: '' }, ...as(u) })).body.msg).toBe(msg);
  });
});

describe('updateInfo', () => {
  it('a user name is unique whatever its case', async () => {
    const a = await createUser(t, clock);
    const b = await createUser(t, clock);
    expect((await callApi(t, 'updateInfo', { body: { username: 'Chemist' }, ...as(a) })).body.code).toBe(1);
    expect(await callApi(t, 'updateInfo', { body: { username: 'chemist' }, ...as(b) })).toMatchObject({
      status: 409,
      body: { msg: '[用户名]已被使用' },
    });
    expect((await callApi(t, 'updateInfo', { body: { username: 'chemist' }, ...as(a) })).body.code).toBe(1);
    expect((await callApi(t, 'updateInfo', { body: { username: '12345' }, ...as(b) })).status).toBe(400);
  });
  // Changing the phone: test/account-change-phone.test.ts
});

describe('addresses', () => {
  it('the first address becomes the default; user/info lists default first', async () => {
    const u = await createUser(t, clock);
    const first = await add(u);
    expect(first).toMatchObject({ ...place(), default: true, address_rid: expect.stringMatching(/^ad[\w-]{12}$/) });
    const second = await add(u, { name: '王五' });
    expect(second.default).toBe(false);
    const third = await add(u, { name: '赵六', default: true });
    const list = (await info(u)).address;
    expect(list.map((a) => [a.address_rid, a.default])).toEqual([
      [third.address_rid, true],
      [second.address_rid, false],
      [first.address_rid, false],
    ]);
  });

  it('edit, default and delete (the newest takes over the default)', async () => {
    const u = await createUser(t, clock);
    const a = await add(u);
    const b = await add(u, { name: 'B' });
    const c = await add(u, { name: 'C' });
    const edited = await callApi(t, 'addressEdit', { body: { ...place({ name: '张三丰' }), address_rid: a.address_rid }, ...as(u) });
    expect(edited.body.data).toMatchObject({ name: '张三丰', default: true });
    expect((await callApi(t, 'addressDefault', { body: { address_rid: b.address_rid }, ...as(u) })).body.code).toBe(1);
    expect((await info(u)).address[0]!.address_rid).toBe(b.address_rid);
    expect((await callApi(t, 'addressDel', { body: { address_rid: b.address_rid }, ...as(u) })).body.code).toBe(1);
    const left = (await info(u)).address;
    expect(left.map((x) => [x.address_rid, x.default])).toEqual([
      [c.address_rid, true],
      [a.address_rid, false],
    ]);
  });

  it("user/info's address book is the address module's own list, field for field (one statement, ADR 0067)", async () => {
    const u = await createUser(t, clock);
    await add(u, { name: '甲' });
    await add(u, { name: '乙', phone: '13900139000', default: true });
    await add(u, { name: '丙', address_code: '110102' });
    const [row] = await t.db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.phone, u.phone));
    const listed = await getAddresses({ db: t.db } as AppContext, row!.id);
    expect(listed).toHaveLength(3);
    expect((await info(u)).address).toEqual(listed);
  });

  it('validates the form with the spec messages', async () => {
    const u = await createUser(t, clock);
    expect((await callApi(t, 'addressAdd', { body: place({ name: '' }), ...as(u) })).body.msg).toBe('[姓名]不能为空');
    expect((await callApi(t, 'addressAdd', { body: place({ address: '' }), ...as(u) })).body.msg).toBe('[详细地址]不能为空');
  });

  it("refuses every call on another user's address with the same 404 as a missing one", async () => {
    const owner = await createUser(t, clock);
    const intruder = await createUser(t, clock);
    const mine = await add(owner);
    const missing = { status: 404, body: { code: 404, msg: '地址不存在', data: null } };
    const rid = { address_rid: mine.address_rid };
    expect(await callApi(t, 'addressEdit', { body: { ...place({ name: 'hacked' }), ...rid }, ...as(intruder) })).toEqual(missing);
    expect(await callApi(t, 'addressDefault', { body: rid, ...as(intruder) })).toEqual(missing);
    expect(await callApi(t, 'addressDel', { body: rid, ...as(intruder) })).toEqual(missing);
    expect(await callApi(t, 'addressDel', { body: { address_rid: 'adnot-a-real-one' }, ...as(intruder) })).toEqual(missing);
    expect((await info(intruder)).address).toEqual([]);
    expect((await info(owner)).address).toEqual([mine]);
  });

  it('every authenticated call needs a token', async () => {
    const guarded = (Object.keys(endpoints) as EndpointName[]).filter((name) => endpoints[name].scope === 'auth');
    expect(guarded).toEqual(
      expect.arrayContaining([
        'userInfo',
        'updateInfo',
        'update4profile',
        'update4contact',
        'addressAdd',
        'addressEdit',
        'addressDel',
        'addressDefault',
        'logout',
      ]),
    );
    for (const name of guarded) expect((await callApi(t, name)).status, name).toBe(401);
  });
});
