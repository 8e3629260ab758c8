import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TokenPair } from '@yance/contracts/account';
import type { DashboardResponse } from '@yance/contracts/dashboard';
import type { Envelope } from '@yance/contracts/envelope';
import { DEMO_STAFF_PASSWORD } from '@yance/contracts/staff';
import { call, useServer } from './support/accounts.ts';
import { url } from './support/api.ts';
import { MOBILE, useBrowser } from './support/browser.ts';
import { expectPath } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';

const SPEC = 'admin-console';
/** An admin holds every permission: the whole menu. */
const ADMIN_MENU = [
  '概览',
  '客户列表',
  '轮播图',
  '文章',
  '单页',
  '合作机构',
  '首页弹窗',
  '取样设置',
  '上门取样地区',
  '联系方式',
  '员工',
  '操作日志',
];
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });

/** antd puts a space between the two characters of a two-character button (登 录). */
const button = (page: Pick<Page, 'getByRole'>, text: string) =>
  page.getByRole('button', { name: new RegExp(`^${[...text].join('\\s*')}$`) });
const menuItems = (page: Page) => page.getByRole('menuitem').allInnerTexts();
const fieldErrors = (page: Page) => page.locator('.ant-form-item-explain-error').allInnerTexts();

async function signIn(page: Page, account: string) {
  await b.goto('/admin/login');
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码').fill(DEMO_STAFF_PASSWORD);
  await button(page, '登录').click();
  await page.getByTestId('staff-name').waitFor();
}

/** The figures as the API gives them to an admin right now. */
async function apiFigures(): Promise<Record<string, number>> {
  const login = await call<TokenPair>(s.baseUrl, 'adminLogin', { account: 'admin', password: DEMO_STAFF_PASSWORD });
  const res = await fetch(new URL(url('dashboard'), s.baseUrl), { headers: { token: login.data.token } });
  const body = (await res.json()) as Envelope<DashboardResponse>;
  return Object.fromEntries(body.data.figures.map((f) => [f.key, f.value]));
}

describe('operator console', () => {
  it('an admin signs in, sees the figures, adds a staff member and finds it in the audit log', async () => {
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

    await signIn(page, 'admin');
    expect(await page.getByTestId('staff-name').innerText()).toBe('系统管理员');
    expect(await menuItems(page)).toEqual(ADMIN_MENU);
    const figures = await apiFigures();
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
    await button(dialog, '新增').click();
    await expect.poll(() => fieldErrors(page)).toEqual(['[账号]不能为空', '[姓名]不能为空', '[角色]至少选一个', '[密码]不能为空']);
    await dialog.getByLabel('账号').fill('9lab');
    await dialog.getByLabel('账号').blur();
    await expect.poll(() => fieldErrors(page)).toContain('[账号]为3–32位字母、数字或 . _ -，以字母开头');
    await dialog.getByLabel('账号').fill('e2e.lab');
    await dialog.getByLabel('姓名').fill('测试实验员');
    await dialog.getByLabel('角色').click();
    await page.locator('.ant-select-item-option', { hasText: '实验员' }).click();
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

    await page.getByRole('button', { name: /退出登录/ }).click();
    await expectPath(page, '/admin/login');
    expect(await page.evaluate(() => localStorage.getItem('yance-staff-token'))).toBeNull();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('token'))) ?? '{}')).toMatchObject({ access: customer.tokens.token });
  });

  it('an operator sees neither 员工 nor 操作日志, and gets 无权限 on /admin/staff; a dead token goes back to sign-in', async () => {
    const { page } = b;
    await signIn(page, 'operator');
    expect(await menuItems(page)).toEqual(['概览', '检测项目', '项目分类', '热门专区']);
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
});
