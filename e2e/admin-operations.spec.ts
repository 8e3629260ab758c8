import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPhone, requestSmsCode, useServer } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { expectPath } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { button, chooseOption, enrolStaffTotp, signInStaff, totpCode } from './support/staff.ts';

const SPEC = 'admin-operations';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });

const fieldErrors = (page: Page) => page.locator('.ant-form-item-explain-error').allInnerTexts();
const bodyRows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

const pick = (page: Page, label: string, option: string) => chooseOption(page, page.getByLabel(label), option);

describe('console: 运营 pages', () => {
  it('an operator finds a code sent through the API in 短信记录, by phone and purpose', async () => {
    const phone = newPhone();
    const code = await requestSmsCode(s.server, phone, 'register');
    const { page } = b;
    await signInStaff(page, (p) => b.goto(p), 'operator');
    await page.getByRole('menuitem', { name: '短信记录' }).click();
    await expectPath(page, '/admin/sms');
    await bodyRows(page).first().waitFor();

    const search = page.getByRole('searchbox', { name: '手机号' });
    await search.fill('12345');
    await search.press('Enter');
    await expect.poll(() => fieldErrors(page)).toEqual(['[手机号]格式不正确']);
    await search.fill(phone);
    await search.press('Enter');
    await expect.poll(() => bodyRows(page).count()).toBe(1);
    const row = bodyRows(page).first();
    await expect
      .poll(() => row.innerText())
      .toMatch(new RegExp(`${phone}[\\s\\S]*注册验证码[\\s\\S]*console[\\s\\S]*${code}[\\s\\S]*已发送`));

    await pick(page, '用途', '找回密码验证码');
    await page.getByText('没有符合条件的短信').waitFor();
    await pick(page, '用途', '注册验证码');
    await expect.poll(() => bodyRows(page).count()).toBe(1);
    await screenshotAtWidths(page, SPEC, 'sms');
  });

  it("an admin opens the jobs from the dashboard's failed-jobs link, filters them, and resets a member's TOTP", async () => {
    await requestSmsCode(s.server, newPhone(), 'register');
    const secret = await enrolStaffTotp(s.baseUrl, 'admin');
    await enrolStaffTotp(s.baseUrl, 'finance');
    const { page } = b;
    // The enrolment just used this step's code; the app's next one is the one to sign in with.
    await signInStaff(page, (p) => b.goto(p), 'admin', await totpCode(secret, 30));
    await page.getByTestId('figure-failedJobs').waitFor();

    await page.getByRole('link', { name: '查看失败的任务' }).click();
    await expectPath(page, '/admin/jobs', '?state=failed');
    await page.getByText('没有符合条件的任务').waitFor();
    expect(await page.locator('.ant-select-content').first().innerText()).toBe('失败');

    await pick(page, '状态', '已完成');
    await expectPath(page, '/admin/jobs', '?state=done');
    await expect.poll(() => bodyRows(page).count()).toBeGreaterThanOrEqual(1);
    await pick(page, '任务类型', '发送验证码短信');
    await expectPath(page, '/admin/jobs', '?state=done&kind=sms.send');
    const kinds = async () => (await bodyRows(page).allInnerTexts()).map((t) => /发送验证码短信[\s\S]*已完成[\s\S]*1\/\d/.test(t));
    await expect.poll(async () => (await kinds()).every(Boolean) && (await kinds()).length > 0).toBe(true);
    await screenshotAtWidths(page, SPEC, 'jobs');

    await bodyRows(page).first().getByRole('button', { name: '详情' }).click();
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.innerText()).toMatch(/任务 #\d+[\s\S]*发送验证码短信[\s\S]*尝试次数[\s\S]*操作记录/);
    await drawer.getByText('暂无操作记录').waitFor();
    await page.keyboard.press('Escape');

    // 员工: who has TOTP on, and an admin's reset (after a confirm) puts finance back to enrolment.
    await page.getByRole('menuitem', { name: '员工' }).click();
    const finance = page.getByRole('row', { name: /finance/ });
    await expect.poll(() => finance.innerText()).toContain('已开启');
    expect(await page.getByRole('row', { name: /operator/ }).innerText()).toContain('未开启');
    await finance.getByRole('button', { name: '重置动态验证码' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.innerText()).toMatch(/重置 .* 的动态验证码[\s\S]*下次登录时须重新绑定/);
    await button(dialog, '重置').click();
    await expect.poll(() => finance.innerText()).toContain('待绑定');
    expect(await finance.getByRole('button', { name: '重置动态验证码' }).count()).toBe(0);
  });
});
