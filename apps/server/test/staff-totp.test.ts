import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@yance/contracts/staff';
import { DEMO_STAFF_PASSWORD } from '@yance/contracts/staff';
import { TOTP_ENROL_FIRST, TOTP_NEEDED, TOTP_WRONG } from '@yance/contracts/staff-security';
import { staffAccount } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, enrolTotp, signInStaff, testClock, totpCode } from './factories.ts';

const clock = testClock();
const NEW_PASSWORD = 'Quiet harbour 2049';

describe('staff TOTP, enrolment-only sessions and own passwords (ADR 0038)', () => {
  let t: TestApp;
  let admin: string;
  let adminSecret: string;
  let recovery: string[];
  const login = (account: string, totp?: string, password = DEMO_STAFF_PASSWORD) =>
    callApi(t, 'adminLogin', { body: { account, password, totp } });
  const idOf = async (account: string) => (await t.db.select().from(staffAccount).where(eq(staffAccount.account, account)))[0]!.id;
  const audit = async (account: string) =>
    (await callApi(t, 'auditList', { token: admin, query: { objectType: 'staff', objectId: String(await idOf(account)) } })).body.data
      .list as AuditEntry[];
  const codeNow = (secret: string) => totpCode(secret, clock.now());

  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now });
  });
  afterAll(async () => t.close());

  it('an admin without TOTP gets a session that only enrols: /me says so, a permission route answers 403', async () => {
    const first = await login('admin');
    expect(first.status).toBe(200);
    admin = first.body.data.token;
    const me = await callApi(t, 'adminMe', { token: admin });
    expect(me.body.data).toMatchObject({ account: 'admin', totpRequired: true, totpEnabled: false });
    expect(await callApi(t, 'staffList', { token: admin })).toMatchObject({ status: 403, body: { msg: TOTP_ENROL_FIRST } });
    expect(await callApi(t, 'smsList', { token: admin })).toMatchObject({ status: 403, body: { msg: TOTP_ENROL_FIRST } });
    // The optional roles are not held back.
    const lab = (await login('lab')).body.data.token;
    expect((await callApi(t, 'adminMe', { token: lab })).body.data).toMatchObject({ totpRequired: false, totpEnabled: false });
  });

  it('enrols: a secret and an otpauth URL for the QR code, confirmed by a code, 10 recovery codes once', async () => {
    const setup = await callApi(t, 'totpSetup', { token: admin });
    const { secret, otpauthUrl } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(decodeURIComponent(otpauthUrl)).toMatch(/^otpauth:\/\/totp\/研测:admin\?/);
    expect(url.searchParams.get('issuer')).toBe('研测');
    expect(url.searchParams.get('secret')).toBe(secret);

    // A code of another time is refused and changes nothing.
    const wrong = await callApi(t, 'totpEnable', { token: admin, body: { code: await totpCode(secret, new Date('2020-01-01')) } });
    expect([wrong.status, wrong.body.msg]).toEqual([400, TOTP_WRONG]);
    expect((await callApi(t, 'totpEnable', { token: admin, body: { code: '12345' } })).body.msg).toBe('[动态验证码]为6位数字');

    const enabled = await callApi(t, 'totpEnable', { token: admin, body: { code: await codeNow(secret) } });
    expect(enabled.body.msg).toBe('已绑定动态验证码');
    recovery = enabled.body.data.recoveryCodes;
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    expect(recovery.every((c) => /^[a-z2-9]{5}-[a-z2-9]{5}$/.test(c))).toBe(true);
    adminSecret = secret;

    // The same session is now a full one; the secret is not stored as it is.
    expect((await callApi(t, 'staffList', { token: admin })).status).toBe(200);
    const [row] = await t.db.select().from(staffAccount).where(eq(staffAccount.account, 'admin'));
    expect(row!.totpSecret).not.toContain(secret);
    expect(row!.totpPendingSecret).toBeNull();
    // Once only: a second setup is refused while TOTP is on.
    expect((await callApi(t, 'totpSetup', { token: admin })).status).toBe(409);

    const log = await audit('admin');
    expect(log.map((r) => r.action).slice(0, 2)).toEqual(['staff.totpEnable', 'staff.totpSetup']);
    expect(log[0]!.changes).toEqual({ totp: [null, '******'], recoveryCodes: [null, '******'] });
    const text = JSON.stringify(log);
    expect(text).not.toContain(secret);
    expect(recovery.some((c) => text.includes(c.replace('-', '')))).toBe(false);
  });

  it('signs in only with a code: none → 401 asking for it, wrong → 400, right → 200, the same code twice → refused', async () => {
    expect(await login('admin')).toMatchObject({ status: 401, body: { msg: TOTP_NEEDED } });
    expect(await login('admin', '')).toMatchObject({ status: 401, body: { msg: TOTP_NEEDED } });
    // A wrong password still says only that, whatever the code.
    expect((await login('admin', '123456', 'not-the-password')).body.msg).toBe('账号或密码错误');
    const old = await totpCode(adminSecret, new Date('2020-01-01'));
    expect(await login('admin', old)).toMatchObject({ status: 400, body: { msg: TOTP_WRONG } });

    clock.advance(30); // enrolment spent the step it was confirmed in
    const code = await codeNow(adminSecret);
    const ok = await login('admin', code);
    expect(ok.status).toBe(200);
    admin = ok.body.data.token;
    expect(await login('admin', code)).toMatchObject({ status: 400, body: { msg: TOTP_WRONG } });
    // A phone a step behind still works; a code older than the last one used never does.
    clock.advance(60);
    const behind = await totpCode(adminSecret, new Date(clock.now().getTime() - 30_000));
    expect((await login('admin', behind)).status).toBe(200);
    expect((await login('admin', await codeNow(adminSecret))).status).toBe(200);
    expect((await login('admin', behind)).status).toBe(400);
  });

  it('a recovery code signs in once, whatever its case and dash, and the log says it was used', async () => {
    const code = recovery[0]!;
    expect((await login('admin', code.toUpperCase())).status).toBe(200);
    expect(await login('admin', code.replace('-', ''))).toMatchObject({ status: 400, body: { msg: TOTP_WRONG } });
    expect((await login('admin', recovery[1]!)).status).toBe(200);
    expect((await audit('admin'))[0]).toMatchObject({ action: 'staff.useRecoveryCode', actorKind: 'staff' });
  });

  it('admin and finance cannot turn TOTP off; an optional role can, with a code', async () => {
    clock.advance(30);
    const refused = await callApi(t, 'totpDisable', { token: admin, body: { code: await codeNow(adminSecret) } });
    expect([refused.status, refused.body.msg]).toEqual([403, '管理员和财务必须使用动态验证码，不能解绑']);

    const operator = (await login('operator')).body.data.token;
    const { secret } = await enrolTotp(t, operator);
    expect(await login('operator')).toMatchObject({ status: 401, body: { msg: TOTP_NEEDED } });
    clock.advance(30);
    const bad = await callApi(t, 'totpDisable', { token: operator, body: { code: await totpCode(secret, new Date('2020-01-01')) } });
    expect(bad.body.msg).toBe(TOTP_WRONG);
    const off = await callApi(t, 'totpDisable', { token: operator, body: { code: await codeNow(secret) } });
    expect(off.body.msg).toBe('已解绑动态验证码');
    expect((await login('operator')).status).toBe(200);
    expect((await audit('operator'))[0]).toMatchObject({ action: 'staff.totpDisable', changes: { totp: ['******', '******'] } });
  });

  it('a wrong code counts towards the same lockout as a wrong password', async () => {
    const lab = (await login('lab')).body.data.token;
    const { secret } = await enrolTotp(t, lab);
    const wrong = await totpCode(secret, new Date('2020-01-01'));
    for (let i = 0; i < 4; i++) expect((await login('lab', wrong)).body.msg).toBe(TOTP_WRONG);
    expect((await login('lab', wrong)).status).toBe(429);
    clock.advance(30);
    expect((await login('lab', await codeNow(secret))).status).toBe(429);
  });

  it('a burst of 32 TOTP guesses with the right password evaluates at most 5 codes (ADR 0057)', async () => {
    const operator = (await login('operator')).body.data.token;
    const { secret } = await enrolTotp(t, operator);
    const start = new Date('2020-01-01').getTime();
    const codes = await Promise.all(Array.from({ length: 32 }, (_, i) => totpCode(secret, new Date(start + i * 30_000))));
    const answers = await Promise.all(codes.map((code) => login('operator', code)));
    expect(answers.filter((a) => a.status === 400).length).toBeLessThanOrEqual(4);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(27);
    expect((await login('operator', await codeNow(secret))).status).toBe(429);
  });

  it('an admin resets a member’s TOTP: their sessions end, and they enrol again at the next sign-in', async () => {
    const finance = await signInStaff(t, 'finance');
    expect((await callApi(t, 'adminMe', { token: finance.token })).body.data.totpEnabled).toBe(true);
    const reset = await callApi(t, 'staffResetTotp', { token: admin, body: { id: await idOf('finance') }, ip: '203.0.113.7' });
    expect(reset.body.msg).toBe('动态验证码已重置');
    expect((await callApi(t, 'adminMe', { token: finance.token })).status).toBe(401);
    expect((await callApi(t, 'adminRefresh', { body: { token: finance.refreshToken } })).status).toBe(401);
    const again = (await login('finance')).body.data.token;
    expect((await callApi(t, 'adminMe', { token: again })).body.data).toMatchObject({ totpRequired: true, totpEnabled: false });
    expect((await callApi(t, 'auditList', { token: again })).body.msg).toBe(TOTP_ENROL_FIRST);
    expect((await audit('finance'))[0]).toMatchObject({ action: 'staff.resetTotp', ip: '203.0.113.7' });
    // Only staff managers reset.
    expect((await callApi(t, 'staffResetTotp', { token: again, body: { id: await idOf('admin') } })).status).toBe(403);
  });

  it('changes one’s own password with the current one; other sessions end, this one stays', async () => {
    const here = (await login('manager')).body.data.token;
    const elsewhere = (await login('manager')).body.data.token;
    const change = (oldPassword: string, password: string) => callApi(t, 'adminPassword', { token: here, body: { oldPassword, password } });
    expect((await change('not-the-password', NEW_PASSWORD)).body.msg).toBe('[原密码]不正确');
    expect((await change(DEMO_STAFF_PASSWORD, '12345678')).body.msg).toMatch(/过于常见/);
    expect((await change(DEMO_STAFF_PASSWORD, 'short')).body.msg).toBe('[密码]至少8位');
    expect((await change(DEMO_STAFF_PASSWORD, NEW_PASSWORD)).body.msg).toBe('密码已修改');
    expect((await callApi(t, 'adminMe', { token: elsewhere })).status).toBe(401);
    expect((await callApi(t, 'adminMe', { token: here })).status).toBe(200);
    expect((await login('manager')).body.msg).toBe('账号或密码错误');
    expect((await login('manager', undefined, NEW_PASSWORD)).status).toBe(200);
    const [row] = await audit('manager');
    expect(row).toMatchObject({ action: 'staff.changePassword', changes: { password: ['******', '******'] } });
    expect(JSON.stringify(row)).not.toContain(NEW_PASSWORD);
  });
});
