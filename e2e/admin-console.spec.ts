import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TokenPair } from '@yance/contracts/account';
import type { DashboardResponse } from '@yance/contracts/dashboard';
import type { Envelope } from '@yance/contracts/envelope';
import { DEMO_STAFF_PASSWORD } from '@yance/contracts/staff';
import { call, useServer } from './support/accounts.ts';
import { url } from './support/api.ts';
import { DESKTOP, MOBILE, useBrowser } from './support/browser.ts';
import { expectPath } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import {
  button,
  CATALOG_MENU,
  chooseOption,
  CONTENT_MENU,
  menuItems,
  OPERATOR_MENU,
  signInStaff,
  signInToConsole,
  signOutStaff,
  totpCode,
} from './support/staff.ts';

const SPEC = 'admin-console';
/** An admin holds every permission: the whole menu. */
const ADMIN_MENU = [
  '概览',
  ...['客户列表', '课题组'],
  ...['订单列表', '到样签收', '取样日历', '定制需求', '评价管理'],
  ...[
    '充值审核',
    '退款审核',
    '收支流水',
    '应收账款',
    '对账',
    '发票',
    '邀请有礼',
    '推广员',
    '提现审核',
    '资金设置',
    '优惠券',
    '积分设置',
    '优惠活动',
  ],
  ...['预约室', '预约设置'],
  ...CATALOG_MENU,
  ...CONTENT_MENU,
  ...['后台任务', '短信记录', '通知记录', '员工', '操作日志'],
];
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });

const fieldErrors = (page: Page) => page.locator('.ant-form-item-explain-error').allInnerTexts();

/** Signs in at /admin/login, with the authenticator code when the member has bound TOTP. */
const signIn = (page: Page, account: string, totp?: string) => signInToConsole(page, (p) => b.goto(p), account, totp);

/**
 * The enrolment page after a first sign-in: reads the secret as a person
 * would type it into their app, confirms a code of it, and answers the
 * recovery codes shown (still on screen, not yet confirmed as saved).
 */
async function enrolOnPage(page: Page, shots?: string): Promise<{ secret: string; codes: string[] }> {
  await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/totp');
  const secretText = page.getByTestId('totp-secret');
  await expect.poll(() => secretText.innerText()).toMatch(/^[A-Z2-7]{4} /);
  const secret = (await secretText.innerText()).replace(/\s/g, '');
  await page.getByTestId('totp-qr').locator('svg').waitFor();
  if (shots) await screenshotAtWidths(page, SPEC, `${shots}-enrol`);
  await page.getByLabel('应用显示的6位数字').fill('12345');
  await button(page, '确认绑定').click();
  await expect.poll(() => fieldErrors(page)).toEqual(['[动态验证码]为6位数字']);
  await page.getByLabel('应用显示的6位数字').fill(await totpCode(secret));
  await button(page, '确认绑定').click();
  const list = page.getByTestId('recovery-codes').locator('li');
  await expect.poll(() => list.count()).toBe(10);
  const codes = await list.allInnerTexts();
  for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  if (shots) await screenshotAtWidths(page, SPEC, `${shots}-recovery-codes`);
  return { secret, codes };
}

/** The figures as the API gives them right now to the member signed in on the page (each figure counts what its reader may see). */
async function apiFigures(page: Page): Promise<Record<string, number>> {
  const stored = await page.evaluate(() => localStorage.getItem('yance-staff-token') ?? '{}');
  const token = (JSON.parse(stored) as { access?: string }).access ?? '';
  const res = await fetch(new URL(url('dashboard'), s.baseUrl), { headers: { token } });
  const body = (await res.json()) as Envelope<DashboardResponse>;
  return Object.fromEntries(body.data.figures.map((f) => [f.key, f.value]));
}

describe('operator console', () => {
  it('an admin binds TOTP at the first sign-in, sees the figures, adds a staff member, finds it in the audit log, and signs in again with a code', async () => {
    const customer = await s.registeredAccount();
    const { page } = b;
    // A customer signed in on the storefront in the same browser keeps their session throughout.
    await b.goto('/');
    await page.evaluate((t) => localStorage.setItem('token', JSON.stringify(t)), {
      access: customer.tokens.token,
      refresh: customer.tokens.refreshToken,
      expires: Math.floor(Date.now() / 1000) + 7200,
    });

    await b.goto('/admin/staff');
    await expectPath(page, '/admin/login', '?from=/staff');
    await button(page, '登录').click();
    expect(await fieldErrors(page)).toEqual(['[账号]不能为空', '[密码]不能为空']);
    await page.getByLabel('账号').fill('admin');
    await page.getByLabel('密码').fill('wrong-password-1');
    await button(page, '登录').click();
    await expect.poll(() => page.getByRole('alert').innerText()).toMatch(/账号或密码错误/);
    await screenshotAtWidths(page, SPEC, 'login');

    // The first sign-in of an admin only enrols: the enrolment page, nothing else, until TOTP is bound.
    await signInStaff(page, (p) => b.goto(p), 'admin');
    const { secret, codes } = await enrolOnPage(page, 'admin');
    const done = button(page, '完成，进入后台');
    expect(await done.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: '我已将恢复码保存在安全的地方' }).check();
    await done.click();
    await expectPath(page, '/admin');
    await page.getByTestId('staff-name').waitFor();
    expect(await page.getByTestId('staff-name').innerText()).toBe('系统管理员');
    expect(await menuItems(page)).toEqual(ADMIN_MENU);
    const figures = await apiFigures(page);
    expect(figures.newCustomers).toBeGreaterThanOrEqual(1);
    expect(figures.smsSent).toBeGreaterThanOrEqual(1);
    for (const [key, label] of [
      ['newCustomers', '今日新客户'],
      ['pendingAttestations', '待审核认证'],
      ['failedJobs', '失败的任务'],
      ['smsSent', '今日已发短信'],
    ] as const) {
      const card = page.getByTestId(`figure-${key}`);
      await expect.poll(() => card.innerText()).toContain(label);
      expect(await card.locator('.ant-statistic-content-value').innerText()).toBe(String(figures[key]));
    }
    await screenshotAtWidths(page, SPEC, 'dashboard');

    await page.getByRole('menuitem', { name: '员工' }).click();
    await expectPath(page, '/admin/staff');
    await page.getByRole('row', { name: /operator/ }).waitFor();
    await screenshotAtWidths(page, SPEC, 'staff');

    await page.getByRole('button', { name: '新增员工' }).click();
    const dialog = page.getByRole('dialog');
    // The form is ready (its fields drawn) before 新增 is pressed: a press during the dialog's opening went nowhere under load.
    await dialog.getByLabel('账号').waitFor();
    await expect
      .poll(async () => {
        await button(dialog, '新增').click();
        return fieldErrors(page);
      })
      .toEqual(['[账号]不能为空', '[姓名]不能为空', '[角色]至少选一个', '[密码]不能为空']);
    await dialog.getByLabel('账号').fill('9lab');
    await dialog.getByLabel('账号').blur();
    await expect.poll(() => fieldErrors(page)).toContain('[账号]为3–32位字母、数字或 . _ -，以字母开头');
    await dialog.getByLabel('账号').fill('e2e.lab');
    await dialog.getByLabel('姓名').fill('测试实验员');
    await chooseOption(page, dialog.getByLabel('角色'), '实验员');
    await dialog.getByLabel('初始密码').fill('Lab coat 2049!');
    await button(dialog, '新增').click();
    await page.getByRole('row', { name: /e2e\.lab/ }).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await page
      .getByRole('row', { name: /e2e\.lab/ })
      .getByRole('button', { name: '详情' })
      .click();
    await expect.poll(() => page.getByTestId('history-row').first().innerText()).toMatch(/新增员工[\s\S]*系统管理员/);
    await page.keyboard.press('Escape');

    await page.getByRole('menuitem', { name: '操作日志' }).click();
    await expectPath(page, '/admin/audit');
    const row = page.getByRole('row', { name: /新增员工/ }).first();
    await expect.poll(() => row.innerText()).toMatch(/系统管理员[\s\S]*新增员工[\s\S]*账号：\s*e2e\.lab/);
    await screenshotAtWidths(page, SPEC, 'audit');

    // On a phone the menu is a drawer.
    await b.setWidth(MOBILE.width);
    expect(await page.getByRole('menuitem').count()).toBe(0);
    await page.getByRole('button', { name: '打开菜单' }).click();
    await expect.poll(() => menuItems(page)).toEqual(ADMIN_MENU);
    await screenshotAtWidths(page, SPEC, 'menu-drawer', [MOBILE.width]);
    await page.getByRole('menuitem', { name: '概览' }).click();
    await expectPath(page, '/admin');

    await signOutStaff(page);
    await expectPath(page, '/admin/login');
    expect(await page.evaluate(() => localStorage.getItem('yance-staff-token'))).toBeNull();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('token'))) ?? '{}')).toMatchObject({ access: customer.tokens.token });
    await b.setWidth(DESKTOP.width);

    // Again: the password, then the 动态验证码 field appears; a wrong code is refused, the app's next one is taken.
    await signInStaff(page, (p) => b.goto(p), 'admin');
    await page.getByLabel('动态验证码').waitFor();
    await screenshotAtWidths(page, SPEC, 'login-totp');
    await page.getByLabel('动态验证码').fill('000000');
    await button(page, '登录').click();
    await expect.poll(() => page.getByRole('alert').innerText()).toMatch(/动态验证码错误/);
    await page.getByLabel('动态验证码').fill(await totpCode(secret, 30));
    await button(page, '登录').click();
    await page.getByTestId('figure-failedJobs').waitFor();
    await expectPath(page, '/admin');
    await signOutStaff(page);

    // A recovery code works in the same field, once.
    await signIn(page, 'admin', codes[0]);
    await expectPath(page, '/admin');
    await signOutStaff(page);
    await signInStaff(page, (p) => b.goto(p), 'admin', codes[0]);
    await expect.poll(() => page.getByRole('alert').innerText()).toMatch(/动态验证码错误/);
  });

  it('an operator sees neither 员工 nor 操作日志, and gets 无权限 on /admin/staff; a dead token goes back to sign-in', async () => {
    const { page } = b;
    await signIn(page, 'operator');
    expect(await menuItems(page)).toEqual(OPERATOR_MENU);
    await page.getByTestId('figure-smsSent').waitFor();

    await b.goto('/admin/staff');
    await page.getByText('无权限').waitFor();
    expect(await page.getByRole('row').count()).toBe(0);
    await screenshotAtWidths(page, SPEC, 'forbidden');

    // A token the server no longer knows: the first call answers 401 and the console returns to sign-in.
    await page.evaluate(() =>
      localStorage.setItem(
        'yance-staff-token',
        JSON.stringify({ access: 'gone', refresh: 'gone', expires: Math.floor(Date.now() / 1000) + 7200 }),
      ),
    );
    await b.goto('/admin/audit');
    await expectPath(page, '/admin/login', '?from=/audit');
    expect(await page.evaluate(() => localStorage.getItem('yance-staff-token'))).toBeNull();
  });

  it('finance must bind TOTP before anything else and cannot turn it off; lab turns optional TOTP on and off and changes its password', async () => {
    const { page } = b;
    await signInStaff(page, (p) => b.goto(p), 'finance');
    await expectPath(page, '/admin/totp', '?from=/');
    // No other page until TOTP is on: the console sends the member back to enrolment.
    await b.goto('/admin/security');
    await expectPath(page, '/admin/totp', '?from=/security');
    await enrolOnPage(page);
    await page.getByRole('checkbox', { name: '我已将恢复码保存在安全的地方' }).check();
    await button(page, '完成，进入后台').click();
    await expectPath(page, '/admin/security');
    await page.getByText('你的角色（管理员、财务）必须使用动态验证码，不能关闭。').waitFor();
    expect(await page.getByRole('button', { name: '关闭动态验证码' }).isDisabled()).toBe(true);
    await signOutStaff(page);

    await signIn(page, 'lab');
    await page.getByRole('button', { name: '我的账号' }).click();
    await page.getByRole('menuitem', { name: '账号安全' }).click();
    await expectPath(page, '/admin/security');
    await page.getByText('未开启').waitFor();
    await screenshotAtWidths(page, SPEC, 'security');

    // Optional TOTP: on, with the recovery codes shown once, then off again with a code.
    await page.getByRole('button', { name: '开启动态验证码' }).click();
    const dialog = page.getByRole('dialog');
    const secretText = dialog.getByTestId('totp-secret');
    await expect.poll(() => secretText.innerText()).toMatch(/^[A-Z2-7]{4} /);
    const secret = (await secretText.innerText()).replace(/\s/g, '');
    await dialog.getByLabel('应用显示的6位数字').fill(await totpCode(secret));
    await button(dialog, '确认绑定').click();
    await expect.poll(() => dialog.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    await dialog.getByRole('checkbox', { name: '我已将恢复码保存在安全的地方' }).check();
    await button(dialog, '完成').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('已开启').waitFor();
    await page.getByRole('button', { name: '关闭动态验证码' }).click();
    const off = page.getByRole('dialog');
    await off.getByLabel('动态验证码').fill(await totpCode(secret, 30));
    await button(off, '确认关闭').click();
    await off.waitFor({ state: 'hidden' });
    await page.getByText('未开启').waitFor();

    // Own password: the current one is checked, the form's rules are the contract's.
    await page.getByLabel('原密码').fill('not-my-password');
    await page.getByLabel('新密码', { exact: true }).fill('short');
    await button(page, '修改密码').click();
    await expect.poll(() => fieldErrors(page)).toContain('[密码]至少8位');
    await page.getByLabel('新密码', { exact: true }).fill('Bench coat 2049!');
    await page.getByLabel('确认新密码').fill('Bench coat 2049!');
    await button(page, '修改密码').click();
    await expect.poll(() => page.getByRole('alert').innerText()).toMatch(/原密码.*不正确/);
    await page.getByLabel('原密码').fill(DEMO_STAFF_PASSWORD);
    await button(page, '修改密码').click();
    await page.getByText('密码已修改，其他设备上的登录已退出').waitFor();
    const relogin = await call<TokenPair>(s.baseUrl, 'adminLogin', { account: 'lab', password: 'Bench coat 2049!' });
    expect(relogin.code).toBe(1);
  });
});
