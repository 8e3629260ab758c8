import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair } from '@yance/contracts/account';
import { endpoints, type EndpointName } from '@yance/contracts/endpoints';
import { can, DEMO_STAFF_PASSWORD, PERMISSION_NAMES, STAFF_ROLES, type Permission, type StaffRole } from '@yance/contracts/staff';
import { urlOf } from '@yance/contracts/routes';
import { staffAccount } from '../src/db/schema.ts';
import { createTestApp, json, type TestApp } from './create-test-app.ts';
import { callApi, createUser, signInStaff, testClock } from './factories.ts';

const clock = testClock();

describe('staff sign-in, sessions and permissions (ADR 0032)', () => {
  let t: TestApp;
  const tokens = new Map<StaffRole, TokenPair>();
  const signIn = async (account: string, password = DEMO_STAFF_PASSWORD) => callApi(t, 'adminLogin', { body: { account, password } });

  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now });
    // Full sessions: the factory enrols TOTP for the roles that need it (ADR 0038).
    for (const role of STAFF_ROLES) tokens.set(role, await signInStaff(t, role));
  });
  afterAll(async () => t.close());

  it('the demo has one staff member per role, named after it; /me says their roles and what they may do', async () => {
    const me = await callApi(t, 'adminMe', { token: tokens.get('operator')!.token });
    expect(me.body.data).toMatchObject({ account: 'operator', roles: ['operator'] });
    expect(me.body.data.permissions).toEqual(PERMISSION_NAMES.filter((p) => can(['operator'], p)));
    expect((await callApi(t, 'adminMe', { token: tokens.get('admin')!.token })).body.data.permissions).toEqual(PERMISSION_NAMES);
    // Account names are matched whatever their case.
    expect((await signIn('manager'.toUpperCase())).body.msg).toBe('登录成功');
    expect((await signInStaff(t, 'ADMIN')).token).toBeTruthy();
  });

  it('keeps the two kinds of token apart, both ways, refresh tokens included', async () => {
    const customer = await createUser(t, clock);
    const staff = tokens.get('admin')!;
    expect(await callApi(t, 'adminMe', { token: customer.tokens.token })).toMatchObject({ status: 401 });
    expect(await callApi(t, 'userInfo', { token: staff.token })).toMatchObject({ status: 401 });
    expect(await callApi(t, 'adminRefresh', { body: { token: customer.tokens.refreshToken } })).toMatchObject({ status: 401 });
    expect(await callApi(t, 'refresh4token', { body: { token: staff.refreshToken } })).toMatchObject({ status: 401 });
    // Neither failed refresh spent the token: each still works in its own scope.
    expect((await callApi(t, 'refresh4token', { body: { token: customer.tokens.refreshToken } })).status).toBe(200);
    const rotated = await callApi(t, 'adminRefresh', { body: { token: staff.refreshToken } });
    expect(rotated.status).toBe(200);
    tokens.set('admin', rotated.body.data);
    expect((await callApi(t, 'adminMe', { token: rotated.body.data.token })).status).toBe(200);
  });

  it('every admin call with a permission answers 403 to exactly the roles without it', async () => {
    const guarded = (Object.keys(endpoints) as EndpointName[]).filter((n) => {
      const access = (endpoints[n] as { access?: string }).access;
      return endpoints[n].scope === 'admin' && access !== 'anyone' && access !== 'signedIn';
    });
    expect(guarded.length).toBeGreaterThan(0);
    for (const name of guarded) {
      const ep = endpoints[name] as (typeof endpoints)[EndpointName] & { access: Permission };
      for (const role of STAFF_ROLES) {
        const res = await t.app.inject({
          method: ep.method,
          url: urlOf(ep),
          headers: { token: tokens.get(role)!.token },
          ...(ep.method === 'POST' ? { payload: {} } : {}),
        });
        if (can([role], ep.access)) expect(res.statusCode, `${role} → ${name}`).not.toBe(403);
        else expect([res.statusCode, (json(res) as { msg: string }).msg], `${role} → ${name}`).toEqual([403, '无权限']);
      }
      expect((await t.app.inject({ method: ep.method, url: urlOf(ep) })).statusCode, `anonymous → ${name}`).toBe(401);
    }
  });

  it('shows each admin operation’s permission in the OpenAPI document', async () => {
    const doc = json(await t.app.inject({ method: 'GET', url: '/api/docs/json' })) as {
      paths: Record<string, Record<string, { 'x-permission'?: string }>>;
    };
    expect(doc.paths['/api/admin/staff/list']?.get?.['x-permission']).toBe('staff.manage');
    expect(doc.paths['/api/admin/login']?.post?.['x-permission']).toBe('anyone');
    expect(doc.paths['/api/admin/me']?.post?.['x-permission']).toBe('signedIn');
  });

  it('an unknown admin path tells an anonymous caller nothing, and a signed-in one that it does not exist', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/no/such/call' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/no/such/call', headers: { token: tokens.get('lab')!.token } });
    expect(res.statusCode).toBe(404);
  });

  it('a wrong password and an unknown account read the same, and five failures lock the account', async () => {
    const wrong = await signIn('finance', 'not-the-password');
    const unknown = await signIn('nobody-here', 'not-the-password');
    expect([wrong.status, wrong.body.msg]).toEqual([400, '账号或密码错误']);
    expect([unknown.status, unknown.body.msg]).toEqual([400, '账号或密码错误']);
    for (let i = 0; i < 3; i++) await signIn('finance', 'not-the-password');
    const locked = await signIn('finance', 'not-the-password');
    expect(locked.status).toBe(429);
    expect(locked.body.msg).toMatch(/^登录失败次数过多/);
    // Even the right password waits out the lock.
    expect((await signIn('finance')).status).toBe(429);
  });

  it('logout ends the session; a disabled staff member is signed out at once and cannot sign in', async () => {
    const pair = (await signIn('manager')).body.data;
    expect((await callApi(t, 'adminLogout', { token: pair.token })).status).toBe(200);
    expect((await callApi(t, 'adminMe', { token: pair.token })).status).toBe(401);
    expect((await callApi(t, 'adminRefresh', { body: { token: pair.refreshToken } })).status).toBe(401);

    const live = tokens.get('lab')!;
    await t.db.update(staffAccount).set({ disabled: true }).where(eq(staffAccount.account, 'lab'));
    expect((await callApi(t, 'adminMe', { token: live.token })).status).toBe(401);
    expect((await signIn('lab')).body.msg).toBe('该账号已停用，请联系管理员');
    await t.db.update(staffAccount).set({ disabled: false }).where(eq(staffAccount.account, 'lab'));
  });

  it('lists staff for whoever may manage them', async () => {
    const list = await callApi(t, 'staffList', { token: tokens.get('admin')!.token, query: { page: 1, pageSize: 10 } });
    expect(list.body.data.total).toBe(STAFF_ROLES.length);
    expect(list.body.data.list.map((s) => s.account)).toEqual([...STAFF_ROLES]);
  });
});
