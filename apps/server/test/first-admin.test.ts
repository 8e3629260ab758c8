import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, staffAccount } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, signInStaff, testClock } from './factories.ts';

const PASSWORD = 'First light 2049';
const apps: TestApp[] = [];
afterAll(async () => Promise.all(apps.map((a) => a.close())));

/** An app on a database without staff (no demo staff), started; what it printed. */
async function emptyStart(env: Record<string, string> = {}, clock = testClock()) {
  const lines: string[] = [];
  const t = await createTestApp({ env, clock: clock.now, print: (l) => lines.push(l) });
  apps.push(t);
  await t.db.delete(staffAccount);
  await t.app.ready();
  return { t, lines, clock };
}
const tokenIn = (lines: string[]) => /\/admin\/setup\?token=([\w-]+)$/.exec(lines.join('\n'))?.[1];

describe('the first admin of an installation (ADR 0038)', () => {
  it('with staff already (the demo), start prints nothing and creates nobody', async () => {
    const lines: string[] = [];
    const t = await createTestApp({ print: (l) => lines.push(l) });
    apps.push(t);
    await t.app.ready();
    expect(lines).toEqual([]);
    const body = { token: 'x'.repeat(43), account: 'intruder', name: '某人', password: PASSWORD };
    expect((await callApi(t, 'adminSetup', { body })).body.msg).toBe('已有员工账号，设置链接已失效，请直接登录');
  });

  it('without staff and ADMIN_ACCOUNT, prints a one-time setup link that creates the first admin once', async () => {
    const { t, lines } = await emptyStart({ PORT: '4100' });
    expect(lines.join('\n')).toMatch(/http:\/\/localhost:4100\/admin\/setup\?token=/);
    const token = tokenIn(lines)!;
    const body = { token, account: 'chief', name: '首位管理员', password: PASSWORD };
    expect((await callApi(t, 'adminSetup', { body: { ...body, token: 'not-the-token' } })).body.msg).toBe('设置链接无效或已过期');
    expect((await callApi(t, 'adminSetup', { body: { ...body, password: '12345678' } })).body.msg).toMatch(/过于常见/);
    expect(await t.db.select().from(staffAccount)).toEqual([]);

    const created = await callApi(t, 'adminSetup', { body, ip: '198.51.100.4' });
    expect(created.body.msg).toBe('管理员已创建');
    // Signed in, to enrol TOTP first (an admin needs it).
    const me = await callApi(t, 'adminMe', { token: created.body.data.token });
    expect(me.body.data).toMatchObject({ account: 'chief', roles: ['admin'], totpRequired: true, totpEnabled: false });
    expect((await callApi(t, 'adminSetup', { body: { ...body, account: 'second' } })).status).toBe(409);

    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'staff.setup'));
    expect(row).toMatchObject({ actorKind: 'staff', actorId: me.body.data.id, objectId: String(me.body.data.id), ip: '198.51.100.4' });
    expect(row!.changes).toMatchObject({ account: [null, 'chief'], roles: [null, ['admin']], password: [null, '******'] });
    expect((await signInStaff(t, 'chief', PASSWORD)).token).toBeTruthy();
  });

  it('a setup link stops working after 24 hours', async () => {
    const { t, lines, clock } = await emptyStart({ PUBLIC_URL: 'https://ops.example.cn' });
    expect(lines.join('\n')).toMatch(/https:\/\/ops\.example\.cn\/admin\/setup\?token=/);
    clock.advance(24 * 3600 + 1);
    const body = { token: tokenIn(lines)!, account: 'late', name: '迟到', password: PASSWORD };
    expect((await callApi(t, 'adminSetup', { body })).body.msg).toBe('设置链接无效或已过期');
  });

  it('ADMIN_ACCOUNT and ADMIN_PASSWORD create the first admin at start, logged as the system; no link', async () => {
    const { t, lines } = await emptyStart({ ADMIN_ACCOUNT: 'root.admin', ADMIN_PASSWORD: PASSWORD });
    expect(lines.join('\n')).not.toMatch(/setup\?token=/);
    const rows = await t.db.select().from(staffAccount);
    expect(rows.map((r) => [r.account, r.roles])).toEqual([['root.admin', ['admin']]]);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'staff.bootstrap'));
    expect(row).toMatchObject({ actorKind: 'system', objectId: String(rows[0]!.id) });
    // The first sign-in enrols TOTP (the factory does it), then the admin has every call.
    const admin = await signInStaff(t, 'root.admin', PASSWORD);
    expect((await callApi(t, 'staffList', { token: admin.token })).status).toBe(200);
  });
});
