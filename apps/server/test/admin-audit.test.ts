import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@yance/contracts/staff';
import { auditLog, staffAccount } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, signInStaff, staffTokens } from './factories.ts';

const NEW_PASSWORD = 'Lab coat 2049!';

describe('staff management, written to the audit log in the same transaction (issue 8)', () => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  const audit = async (objectId: number | string) =>
    (await callApi(t, 'auditList', { token: admin, query: { objectType: 'staff', objectId: String(objectId) } })).body.data
      .list as AuditEntry[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await staffTokens(t, 'admin')).token;
    adminId = (await callApi(t, 'adminMe', { token: admin })).body.data.id;
  });
  afterAll(async () => t.close());

  it('adds a staff member who can sign in; the log says who, what and from where, without the password', async () => {
    const body = {
      account: 'lab.zhou',
      name: '周实验员',
      phone: '13900001111',
      email: '',
      roles: ['lab' as const],
      password: NEW_PASSWORD,
    };
    const added = await callApi(t, 'staffAdd', { token: admin, body, ip: '203.0.113.9' });
    expect(added.body).toMatchObject({ msg: '已新增', data: { account: 'lab.zhou', roles: ['lab'], disabled: false } });
    expect((await callApi(t, 'adminLogin', { body: { account: 'lab.zhou', password: NEW_PASSWORD } })).status).toBe(200);

    const [row] = await audit(added.body.data.id);
    expect(row).toMatchObject({
      actorKind: 'staff',
      actorId: adminId,
      actorName: '系统管理员',
      action: 'staff.add',
      objectType: 'staff',
      ip: '203.0.113.9',
      changes: { account: [null, 'lab.zhou'], roles: [null, ['lab']], password: [null, '******'] },
    });
    expect(JSON.stringify(row)).not.toContain(NEW_PASSWORD);

    expect((await callApi(t, 'staffAdd', { token: admin, body: { ...body, account: 'LAB.ZHOU' } })).body.msg).toBe('[账号]已存在');
    expect((await callApi(t, 'staffAdd', { token: admin, body: { ...body, account: 'xyz2', password: '12345678' } })).body.msg).toMatch(
      /过于常见/,
    );
  });

  it('logs only what changed, and nothing when nothing did', async () => {
    const [lab] = await t.db.select().from(staffAccount).where(eq(staffAccount.account, 'lab'));
    const edit = { id: lab!.id, name: lab!.name, phone: '', email: 'lab@yance-lab.cn', roles: ['lab' as const, 'operator' as const] };
    expect((await callApi(t, 'staffEdit', { token: admin, body: edit })).body.data.roles).toEqual(['lab', 'operator']);
    expect((await audit(lab!.id))[0]!.changes).toEqual({ email: ['', 'lab@yance-lab.cn'], roles: [['lab'], ['lab', 'operator']] });
    await callApi(t, 'staffEdit', { token: admin, body: edit });
    expect(await audit(lab!.id)).toHaveLength(1);
  });

  it('only staff managers edit staff; the last enabled admin cannot be demoted, disabled or disable themself', async () => {
    // Only admins manage staff today, and an admin holds every permission, so no edit of one's own roles can gain one;
    // the rule (staff.service editStaff) holds for the day staff.manage is given to another role. A role without it:
    const operator = await staffTokens(t, 'operator');
    const [op] = await t.db.select().from(staffAccount).where(eq(staffAccount.account, 'operator'));
    const self = { id: op!.id, name: op!.name, phone: '', email: '', roles: ['operator' as const, 'admin' as const] };
    expect((await callApi(t, 'staffEdit', { token: operator.token, body: self })).body.msg).toBe('无权限');

    const me = { id: adminId, name: '系统管理员', phone: '', email: '', roles: ['admin' as const] };
    expect((await callApi(t, 'staffEdit', { token: admin, body: { ...me, roles: ['finance' as const] } })).body.msg).toBe(
      '不能去掉最后一位管理员',
    );
    expect((await callApi(t, 'staffDisable', { token: admin, body: { id: adminId } })).body.msg).toBe('不能停用自己');

    // With a second admin, the first may step down (lowering one's own role is allowed).
    const second = await callApi(t, 'staffAdd', {
      token: admin,
      body: { account: 'admin2', name: '副管理员', phone: '', email: '', roles: ['admin' as const], password: NEW_PASSWORD },
    });
    const admin2 = (await signInStaff(t, 'admin2', NEW_PASSWORD)).token;
    expect((await callApi(t, 'staffDisable', { token: admin2, body: { id: adminId } })).body.msg).toBe('已停用');
    expect((await callApi(t, 'adminMe', { token: admin })).status).toBe(401);
    // admin2 is now the last one.
    const last = { id: second.body.data.id, name: '副管理员', phone: '', email: '', roles: ['manager' as const] };
    expect((await callApi(t, 'staffEdit', { token: admin2, body: last })).body.msg).toBe('不能去掉最后一位管理员');
    expect((await callApi(t, 'staffEnable', { token: admin2, body: { id: adminId } })).body.msg).toBe('已启用');
    admin = (await staffTokens(t, 'admin')).token;
  });

  it('a password reset ends the member’s sessions and is logged masked', async () => {
    const finance = await staffTokens(t, 'finance');
    const [row] = await t.db.select().from(staffAccount).where(eq(staffAccount.account, 'finance'));
    expect((await callApi(t, 'staffResetPassword', { token: admin, body: { id: row!.id, password: NEW_PASSWORD } })).status).toBe(200);
    expect((await callApi(t, 'adminMe', { token: finance.token })).status).toBe(401);
    expect((await signInStaff(t, 'finance', NEW_PASSWORD)).token).toBeTruthy();
    expect((await audit(row!.id))[0]).toMatchObject({ action: 'staff.resetPassword', changes: { password: ['******', '******'] } });
  });

  it('no one resets their own password there (that needs the old one, in 账号安全)', async () => {
    const reset = await callApi(t, 'staffResetPassword', { token: admin, body: { id: adminId, password: NEW_PASSWORD } });
    expect(reset).toMatchObject({ status: 403, body: { msg: '请在账号安全中修改自己的密码' } });
    // Nothing changed: the session lives on, the new password does not sign in, and nothing was logged.
    expect((await callApi(t, 'adminMe', { token: admin })).status).toBe(200);
    expect((await callApi(t, 'adminLogin', { body: { account: 'admin', password: NEW_PASSWORD } })).body.msg).toBe('账号或密码错误');
    expect((await audit(adminId)).map((a) => a.action)).not.toContain('staff.resetPassword');
  });

  it('filters the log by actor and time, newest first', async () => {
    const byAdmin = await callApi(t, 'auditList', { token: admin, query: { actorKind: 'staff', actorId: adminId, pageSize: 50 } });
    expect(byAdmin.body.data.total).toBeGreaterThanOrEqual(4);
    expect(byAdmin.body.data.list.every((r) => r.actorId === adminId)).toBe(true);
    const ids = byAdmin.body.data.list.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const future = await callApi(t, 'auditList', { token: admin, query: { from: '2999-01-01T00:00:00Z' } });
    expect(future.body.data.total).toBe(0);
    expect((await callApi(t, 'auditList', { token: admin, query: { from: 'yesterday' } })).body.msg).toBe('[开始时间]格式不正确');
  });

  it('the database refuses to change or remove a row of the log', async () => {
    const [row] = await t.db.select({ id: auditLog.id }).from(auditLog).limit(1);
    await expect(t.db.update(auditLog).set({ action: 'forged' }).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(t.db.delete(auditLog).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [still] = await t.db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(still!.action).not.toBe('forged');
  });
});
