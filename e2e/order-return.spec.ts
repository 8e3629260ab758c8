// Sample return (issue 21 "every promise kept", ADR 0070): the customer who asks a sample back chooses where it goes
// from their addresses when they ask (a new one added and chosen); the lab's 退还 dialog shows that address; after
// 退还 the customer's order page says 已退还 — also once the order is completed — and the console shows the
// service agreement the order was placed under.
import { describe, expect, it } from 'vitest';
import { addAddress, attestStudent, call, dialogTitled, registerUser, signInWith, toast, useServer } from './support/accounts.ts';
import { searchDevices } from './support/api.ts';
import { useBrowser, waitForApp } from './support/browser.ts';
import { apiOk, newKey, paidTopUp } from './support/money.ts';
import { opened } from './support/page-checks.ts';
import { acceptAgreement } from './support/order.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { button, labDelivers, signInToConsole, staffToken } from './support/staff.ts';

const SPEC = 'order-return';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });

describe('a sample asked back (ADR 0070)', () => {
  it('is asked its return address, sent there by the lab’s 退还, and shows 已退还 on the completed order', async () => {
    const user = await registerUser(s.server);
    const token = user.tokens.token;
    await attestStudent(s.baseUrl, token);
    await addAddress(s.baseUrl, token);
    const item = (await searchDevices(s.baseUrl, { pageSize: 30 })).list.find((d) => d.type_id === 1 && d.price_fen > 0)!;
    const line = apiOk(await call<{ id: number }>(s.baseUrl, 'planAdd', { rid: item.rid, count: 1, choices: {} }, { token }));
    const { page } = b;

    // The order page: asking 退还 asks where to; a new address is added and chosen.
    await signInWith(page, user.tokens, `/experiment/order?plan=${line.id}`);
    const sample = page.getByTestId('order-line');
    await sample.getByPlaceholder('如：TiO2 粉末').fill('TiO2 薄膜');
    await sample.getByRole('radio', { name: '薄膜' }).check();
    expect(await page.getByTestId('return-address').count()).toBe(0);
    await sample.getByRole('radio', { name: '退还', exact: true }).check();
    const panel = page.getByTestId('return-address');
    await panel.waitFor();
    await acceptAgreement(page);
    await page.getByRole('button', { name: /提交订单$/ }).click();
    await panel.getByText('[退还地址]请选择样品退还地址').waitFor();
    await panel.getByRole('button', { name: /新增地址/ }).click();
    const dialog = await opened(dialogTitled(page, '新增地址'));
    await dialog.getByLabel('姓名', { exact: true }).fill('李老师');
    await dialog.getByLabel('详细地址', { exact: true }).fill('景山前街4号 实验楼 302');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => panel.innerText()).toContain('李老师');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotAtWidths(page, SPEC, 'return-address-choice');
    await page.getByRole('button', { name: /提交订单$/ }).click();
    await toast(page, '提交成功!').first().waitFor();
    await page.waitForURL(/\/member\/order\?id=(\d+)/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    await expect.poll(() => page.getByTestId('order-return-address').innerText()).toContain('李老师');

    // The lab takes it to delivery: the sample waits to go back (待退还).
    const lab = await staffToken(s.baseUrl, 'lab');
    apiOk(
      await call(s.baseUrl, 'samplingAdd', { orderId: id, type: 0, express_company: '顺丰速运', express_no: 'SF2026112801' }, { token }),
    );
    await labDelivers(s.baseUrl, lab, id);

    // The console: the order's agreement and return address; 退还 shows where to.
    const console = await b.newDevice({ width: 1280, height: 900 });
    await signInToConsole(
      console,
      async (path) => {
        await console.goto(path, { waitUntil: 'domcontentloaded' });
        await waitForApp(console);
      },
      'lab',
    );
    await console.goto(`/admin/orders/${id}`, { waitUntil: 'domcontentloaded' });
    await console.getByTestId('order-title').waitFor();
    await expect.poll(() => console.getByTestId('order-agreement').innerText()).toMatch(/已同意《检测服务协议》第1版/);
    expect(await console.getByTestId('order-return-address').innerText()).toContain('李老师');
    await button(console, '退还').click();
    const back = await opened(console.getByRole('dialog').filter({ hasText: '退还样品' }));
    expect(await back.getByTestId('return-to').innerText()).toMatch(/寄往：李老师 \d{11} 北京市东城区景山前街4号 实验楼 302/);
    await back.getByLabel('快递公司').fill('顺丰速运');
    await back.getByLabel('快递单号').fill('SF7700001234');
    await screenshotAtWidths(console, SPEC, 'console-return-dialog');
    await button(back, '登记退还').click();
    await back.waitFor({ state: 'hidden' });
    await console.getByText('退还：顺丰速运 SF7700001234').waitFor();

    // Confirmed and settled: completed, and the sample still says 已退还 with its courier.
    apiOk(await call(s.baseUrl, 'orderConfirm', { id }, { token }));
    await paidTopUp(s.baseUrl, user, 2_000_000);
    apiOk(await call(s.baseUrl, 'settlementAdd', { orderIds: [id], idempotencyKey: newKey() }, { token }));
    await page.goto(`/member/order?id=${id}`, { waitUntil: 'domcontentloaded' });
    await waitForApp(page);
    await expect.poll(() => page.getByTestId('order-state').innerText()).toBe('已完成');
    const row = page.getByTestId('order-sample');
    await expect.poll(() => row.getByTestId('sample-state').innerText()).toBe('已退还');
    expect(await row.innerText()).toContain('退还快递：顺丰速运 SF7700001234');
    expect(await row.innerText()).not.toContain('检测中');
    await screenshotAtWidths(page, SPEC, 'order-returned');
  });
});
