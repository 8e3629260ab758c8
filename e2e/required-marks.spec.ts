// Issue 21 "Smaller things found": every field the server requires shows antd's required mark (the red * before its
// label), and no other does, in the storefront's and the console's forms, the order form's own sample fields included.
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { BOOKING_SCHEDULE_DEFAULTS } from '@yance/contracts/booking-rules';
import { addAddress, attestStudent, call, dialogTitled, registerUser, signInWith, useServer, type TestUser } from './support/accounts.ts';
import { searchDevices } from './support/api.ts';
import { useBrowser, waitForApp } from './support/browser.ts';
import { opened } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { adminSession, button, signInToConsole, staffCall } from './support/staff.ts';
import { DEFAULT_SERVICE_AGREEMENT } from '@yance/contracts/service-agreement';

/** The service agreement an institution ticks with its order (ADR 0070). */
const AGREEMENT_VERSION = DEFAULT_SERVICE_AGREEMENT.version;

const SPEC = 'required-marks';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });

/** The labels in `scope` drawn with the required mark: an element whose ::before is the visible "*". */
const markedLabels = (scope: Locator): Promise<string[]> =>
  scope.evaluate((root) =>
    [...root.querySelectorAll('*')]
      .filter((el) => {
        const before = getComputedStyle(el, '::before');
        return before.content === '"*"' && before.display !== 'none';
      })
      .map((el) => (el as HTMLElement).innerText.split('·')[0]!.trim()),
  );

/** One order of a priced per-sample item, picked up (1) or sent (0) by an attested customer with an address. */
async function orderOf(user: TestUser, delivery: 0 | 1): Promise<number> {
  const token = user.tokens.token;
  const item = (await searchDevices(s.baseUrl, { pageSize: 30 })).list.find(
    (d) => d.price_fen > 0 && d.unit === 'sample' && d.type_id === 1,
  )!;
  const line = await call<{ id: number }>(s.baseUrl, 'planAdd', { rid: item.rid, count: 1, choices: {} }, { token });
  const order = await call<{ id: number }>(
    s.baseUrl,
    'orderAdd',
    {
      delivery,
      agreementVersion: AGREEMENT_VERSION,
      lines: [{ planId: line.data.id, samples: [{ name: '粉末A', count: 1, form: 'powder', hazards: [], returnSample: false }] }],
    },
    { token },
  );
  expect(order.code, order.msg).toBe(1);
  return order.data.id;
}

describe('required marks (issue 21)', () => {
  it('the storefront: the order form’s samples, 预存中心’s two forms, 发布需求 and 更换手机号', async () => {
    const user = await registerUser(s.server);
    const token = user.tokens.token;
    await attestStudent(s.baseUrl, token);
    await addAddress(s.baseUrl, token);
    const item = (await searchDevices(s.baseUrl, { pageSize: 30 })).list.find(
      (d) => d.price_fen > 0 && d.unit === 'sample' && d.type_id === 1,
    )!;
    const line = await call<{ id: number }>(s.baseUrl, 'planAdd', { rid: item.rid, count: 1, choices: {} }, { token });
    const { page } = b;

    // sampleInput: the name, the count and the form; hazards, requirements and the return have defaults.
    await signInWith(page, user.tokens, `/experiment/order?plan=${line.data.id}`);
    const sample = page.getByTestId('sample').first();
    await sample.waitFor();
    expect(await markedLabels(sample)).toEqual(['样品名称', '样品数量', '样品形态']);
    await screenshotAtWidths(page, SPEC, 'order-form');

    // 在线支付: the amount and the gateway; 对公转账: the amount, the payer and the receipt.
    await page.goto('/member/prestore', { waitUntil: 'domcontentloaded' });
    await waitForApp(page);
    const online = page.locator('form#online-topup');
    await online.waitFor();
    expect(await markedLabels(online)).toEqual(['充值金额', '支付方式']);
    await screenshotAtWidths(page, SPEC, 'prestore-online');
    await page.getByRole('tab', { name: '对公转账' }).click();
    const transfer = page.locator('form#transfer-topup');
    await transfer.waitFor();
    expect(await markedLabels(transfer)).toEqual(['转账金额', '付款户名', '转账凭证']);
    await screenshotAtWidths(page, SPEC, 'prestore-transfer');

    // demandAddBody: title, description, contact and phone; budget and files are optional.
    await page.goto('/require', { waitUntil: 'domcontentloaded' });
    await waitForApp(page);
    const demand = page.locator('form').filter({ hasText: '需求标题' });
    await demand.waitFor();
    expect(await markedLabels(demand)).toEqual(['需求标题', '需求描述', '联系人', '手机号']);
    await screenshotAtWidths(page, SPEC, 'require');

    // 账号设置: the user name, and every field of 更换手机号 (the proof, then the new phone and its code).
    await page.goto('/member/information', { waitUntil: 'domcontentloaded' });
    await waitForApp(page);
    const contact = page.getByRole('form', { name: '更换手机号' });
    await contact.waitFor();
    expect(await markedLabels(contact)).toEqual(['验证身份', '当前密码', '新手机号', '新手机验证码']);
    expect(await markedLabels(page.getByRole('form', { name: '用户名' }))).toEqual(['用户名']);
    await screenshotAtWidths(page, SPEC, 'information');
  });

  it('the storefront’s own dialogs: 预约上门取样 and 填写快递单号 (what the server’s pick-up and self-send rules need), 预约上机', async () => {
    const user = await registerUser(s.server);
    await attestStudent(s.baseUrl, user.tokens.token);
    await addAddress(s.baseUrl, user.tokens.token);
    const { page } = b;
    await signInWith(page, user.tokens, `/member/order?id=${await orderOf(user, 1)}`);
    await page.getByRole('button', { name: '预约上门取样' }).click();
    const pickup = await opened(dialogTitled(page, '预约上门取样'));
    // pickupError: the address (a new one: its region and street), the name, the phone, the day and the slot; 留言 is optional.
    expect(await markedLabels(pickup)).toEqual(['取样地址', '姓名', '手机', '取样日期', '取样时间']);
    await screenshotAtWidths(page, SPEC, 'pickup-dialog');
    await button(pickup, '取消').click();
    await page.goto(`/member/order?id=${await orderOf(user, 0)}`, { waitUntil: 'domcontentloaded' });
    await waitForApp(page);
    await page.getByRole('button', { name: '填写快递单号' }).click();
    const parcel = await opened(dialogTitled(page, '填写快递单号'));
    expect(await markedLabels(parcel)).toEqual(['快递公司', '快递单号']);
    await screenshotAtWidths(page, SPEC, 'self-send-dialog');
    await button(parcel, '取消').click();

    // reservationAdd: the day, the start and the length; 备注 is optional.
    const RID = 'd20003';
    const admin = await adminSession(s.baseUrl);
    const instruments = await staffCall<{ deviceId: number; rid: string }[]>(s.baseUrl, 'adminReservationInstruments', admin);
    await staffCall(s.baseUrl, 'adminReservationScheduleSave', admin, {
      deviceId: instruments.find((i) => i.rid === RID)!.deviceId,
      schedule: { ...BOOKING_SCHEDULE_DEFAULTS, hours: Array(7).fill([0, 24 * 60]), bookHoursBefore: 0 },
    });
    await page.goto(`/detail/${RID}`, { waitUntil: 'domcontentloaded' });
    await waitForApp(page);
    await button(page, '预约上机').first().click();
    const booking = await opened(page.getByRole('dialog').filter({ hasText: '选择开始时间' }));
    expect(await markedLabels(booking)).toEqual(['选择日期', '选择开始时间（每格半小时，灰色为已约或已截止）', '时长']);
    await screenshotAtWidths(page, SPEC, 'booking-dialog');
  });

  it('the console: signing in, 新建优惠券 (the rule and the window it needs) and 修改密码', async () => {
    const { page } = b;
    await b.goto('/admin/login');
    expect(await markedLabels(page.locator('form'))).toEqual(['账号', '密码']);
    await signInToConsole(page, (p) => b.goto(p), 'operator');
    await b.goto('/admin/money/coupons');
    await button(page, '新建优惠券').click();
    const dialog = await opened(page.getByRole('dialog', { name: '新建优惠券' }));
    // couponTemplateForm: name, kind, 减免金额 for 满减, the validity and its days; the rest have defaults.
    expect(await markedLabels(dialog)).toEqual(['优惠券名称', '优惠类型', '减免金额（元）', '有效期', '有效天数']);
    await dialog.getByText('固定日期').click();
    await expect.poll(() => markedLabels(dialog)).toEqual(['优惠券名称', '优惠类型', '减免金额（元）', '有效期', '起止日期']);
    await screenshotAtWidths(page, SPEC, 'console-coupon');
    await button(dialog, '取消').click();
    await b.goto('/admin/security');
    const password = page.locator('form').filter({ hasText: '原密码' });
    await password.waitFor();
    expect(await markedLabels(password)).toEqual(['原密码', '新密码', '确认新密码']);
    await screenshotAtWidths(page, SPEC, 'console-password');
  });
});
