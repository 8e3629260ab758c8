import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ContractListResponse } from '@yance/contracts/order-contract';
import { DEMO_STAFF_PASSWORD } from '@yance/contracts/staff';
import type { TokenPair } from '@yance/contracts/account';
import { addAddress, attestStudent, call, registerUser, signInWith, toast, useServer } from './support/accounts.ts';
import { useBrowser, waitForApp } from './support/browser.ts';
import { clockReaches } from './support/clock.ts';
import { opened } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { button, enrol, signInToConsole, totpCode } from './support/staff.ts';
import { SCANNED_PDF as PDF } from './support/order.ts';

const SPEC = 'demand-contract';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });

/** The manager's TOTP secret, enrolled once for this spec's server, and the last 30-s step whose code was used (a code works once). */
let managerSecret: string | undefined;
let lastStep = 0;
async function consoleAsManager(page: Page) {
  managerSecret ??= (await enrol(s.baseUrl, 'manager')).secret;
  // The next step's code (enrolment used this one); when the previous sign-in used that step already, wait until
  // the clock enters it (step lastStep starts at lastStep × 30 s): the code after it is then a new one.
  await clockReaches(lastStep * 30_000, 'the next TOTP step');
  lastStep = Math.floor(Date.now() / 30_000) + 1;
  const code = await totpCode(managerSecret, 30);
  const goto = async (path: string) => {
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await waitForApp(page);
  };
  await signInToConsole(page, goto, 'manager', code);
}

describe('custom demands and the enterprise contract (issue 9)', () => {
  it('a customer posts a demand with a file on /require, the manager quotes it in the console, the customer accepts and finds it in the plan', async () => {
    const user = await registerUser(s.server);
    await attestStudent(s.baseUrl, user.tokens.token);
    await addAddress(s.baseUrl, user.tokens.token);
    const { page } = b;
    const title = `原位拉曼定制测试 ${Date.now() % 100000}`;

    await signInWith(page, user.tokens, '/require');
    await page.getByLabel('需求标题').fill(title);
    await page.getByLabel('需求描述').fill('硫化物电解质粉末，需在手套箱内装样，测 25–300 ℃ 变温拉曼。');
    await page.getByLabel('联系人').fill('林晓');
    await page.getByLabel('手机号').fill('13812345678');
    await page.locator('input[type=file]').setInputFiles({ name: '样品说明.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByText('样品说明.pdf').waitFor();
    // The file chooser scrolled the page; the full-page shot starts from the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotAtWidths(page, SPEC, 'require');
    await button(page, '提交需求').click();
    await page.waitForURL(/\/experiment\/demand/);
    await expect.poll(() => page.locator('main').innerText()).toContain(title);

    await consoleAsManager(page);
    await page.getByRole('menuitem', { name: '定制需求' }).click();
    await page.getByRole('link', { name: title }).click();
    await expect.poll(() => page.getByTestId('demand-state').innerText()).toBe('待报价');
    await expect.poll(() => page.getByTestId('demand-description').innerText()).toContain('手套箱');
    await page.getByRole('button', { name: /样品说明\.pdf/ }).waitFor();
    await button(page, '报价').click();
    const form = page.getByTestId('quote-form');
    await form.getByLabel('单价（元）').fill('1280.5');
    await form.getByLabel('数量').fill('2');
    await form.getByLabel('项目说明').fill('变温拉曼，含手套箱装样');
    await screenshotAtWidths(page, SPEC, 'console-demand-quote');
    await button(form, '发送报价').click();
    await toast(page, '报价已发送').first().waitFor();
    await expect.poll(() => page.getByTestId('demand-state').innerText()).toBe('已报价');
    await expect.poll(() => page.getByTestId('quote-lines').innerText()).toContain('¥2,561.00');
    await screenshotAtWidths(page, SPEC, 'console-demand-detail');

    await page.goto('/experiment/demand', { waitUntil: 'domcontentloaded' });
    await waitForApp(page);
    await button(page, '接受报价').click();
    await opened(page.locator('.ant-popconfirm'));
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await button(page, '去实验方案下单').waitFor();
    await screenshotAtWidths(page, SPEC, 'experiment-demand');
    await page.goto('/experiment/plan', { waitUntil: 'domcontentloaded' });
    await waitForApp(page);
    await expect.poll(() => page.locator('main').innerText()).toMatch(new RegExp(`${title}[\\s\\S]*定制项目|定制项目[\\s\\S]*${title}`));
  });

  it('the enterprise customer downloads the contract and uploads the signed scan; the manager confirms it and the order waits for payment', async () => {
    const login = await call<TokenPair>(s.baseUrl, 'login', { account: '13900000002', password: DEMO_STAFF_PASSWORD });
    expect(login.code, login.msg).toBe(1);
    const contracts = await call<ContractListResponse>(s.baseUrl, 'contractList', {}, { token: login.data.token });
    const order = contracts.data.list.find((c) => c.orderState === 'contracting')!;
    expect(order, 'a demo order in 待签约').toBeTruthy();
    // An address book entry, so no attestation popup covers the page.
    await addAddress(s.baseUrl, login.data.token);

    const { page } = b;
    await signInWith(page, login.data, '/experiment/contract');
    const row = page.getByRole('row').filter({ hasText: order.orderNo });
    const [pdf] = await Promise.all([page.waitForEvent('download'), button(row, '下载合同').click()]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    await row.locator('input[type=file]').setInputFiles({ name: '盖章合同.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect.poll(() => row.innerText()).toContain('待确认');
    await screenshotAtWidths(page, SPEC, 'experiment-contract');

    await consoleAsManager(page);
    await page.goto(`/admin/orders/${order.orderId}`, { waitUntil: 'domcontentloaded' });
    await page.getByTestId('order-title').waitFor();
    await expect.poll(() => page.getByTestId('contract-panel').innerText()).toContain('盖章合同.pdf');
    await screenshotAtWidths(page, SPEC, 'console-order-contract');
    await button(page.getByTestId('order-actions'), '确认合同').click();
    const dialog = await opened(page.getByRole('dialog').filter({ hasText: '确认合同 · ' }));
    await button(dialog, '确认合同').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('order-head').getByTestId('order-state').innerText()).toBe('待付款');
  });
});
