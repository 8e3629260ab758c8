import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useServer } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { expectPath } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { button, totpCode } from './support/staff.ts';

const SPEC = 'admin-setup';
// No demo data and no ADMIN_ACCOUNT: the server prints a one-time setup link instead of running without an admin (ADR 0038).
const s = useServer({ env: { SEED_DEMO: 'false' } });
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });

/** The token of the link the server printed at start. */
async function printedToken(): Promise<string> {
  const log = await readFile(s.server.logFile, 'utf8');
  const token = /\/admin\/setup\?token=([\w-]+)/.exec(log)?.[1];
  if (!token) throw new Error('the server printed no setup link');
  return token;
}

async function fillSetup(page: Page, account: string) {
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('姓名').fill('首位管理员');
  await page.getByLabel('密码', { exact: true }).fill('Lab bench 2049!');
  await page.getByLabel('确认密码').fill('Lab bench 2049!');
  await button(page, '创建并登录').click();
}

describe('first start without staff', () => {
  it('the printed link creates the first admin, who binds TOTP next; the link works once', async () => {
    const { page } = b;
    await b.goto('/admin/setup');
    await page.getByText('设置链接不完整').waitFor();

    await b.goto('/admin/setup?token=not-the-token');
    await fillSetup(page, 'boss');
    await expect.poll(() => page.getByRole('alert').innerText()).toMatch(/设置链接无效或已过期/);

    const token = await printedToken();
    await b.goto(`/admin/setup?token=${token}`);
    await button(page, '创建并登录').click();
    await expect.poll(() => page.locator('.ant-form-item-explain-error').allInnerTexts()).toContain('[账号]不能为空');
    await screenshotAtWidths(page, SPEC, 'setup');
    await fillSetup(page, 'boss');

    await expectPath(page, '/admin/totp');
    const secretText = page.getByTestId('totp-secret');
    await expect.poll(() => secretText.innerText()).toMatch(/^[A-Z2-7]{4} /);
    await page.getByLabel('应用显示的6位数字').fill(await totpCode((await secretText.innerText()).replace(/\s/g, '')));
    await button(page, '确认绑定').click();
    await page.getByRole('checkbox', { name: '我已将恢复码保存在安全的地方' }).check();
    await button(page, '完成，进入后台').click();
    await expectPath(page, '/admin');
    expect(await page.getByTestId('staff-name').innerText()).toBe('首位管理员');
    await page.getByRole('menuitem', { name: '员工' }).waitFor();

    await page.evaluate(() => localStorage.clear());
    await b.goto(`/admin/setup?token=${token}`);
    await fillSetup(page, 'boss2');
    await expect.poll(() => page.getByRole('alert').innerText()).toMatch(/已有员工账号，设置链接已失效/);
  });
});
