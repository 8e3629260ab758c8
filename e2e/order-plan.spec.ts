import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { DeviceSummary } from '@yance/contracts/catalog';
import type { PlanListResponse } from '@yance/contracts/order';
import { RADIOACTIVE_REFUSED } from '@yance/contracts/order';
import {
  addAddress,
  attestStudent,
  call,
  dialogTitled,
  registerUser,
  signInWith,
  toast,
  useServer,
  type TestUser,
} from './support/accounts.ts';
import { searchDevices } from './support/api.ts';
import { useBrowser } from './support/browser.ts';
import { expectPath, opened } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { acceptAgreement } from './support/order.ts';

const s = useServer();
const b = useBrowser(undefined, 'order-plan', { baseUrl: () => s.baseUrl });

/** A student whose profile (the attestation) is complete and who has an address: they may order. */
async function readyStudent(): Promise<TestUser> {
  const user = await registerUser(s.server);
  await attestStudent(s.baseUrl, user.tokens.token);
  await addAddress(s.baseUrl, user.tokens.token);
  return user;
}

/** Two priced per-sample items of the catalogue with different names (what a student would test). */
async function twoItems(): Promise<[DeviceSummary, DeviceSummary]> {
  const page = await searchDevices(s.baseUrl, { pageSize: 30 });
  const priced = page.list.filter((d) => d.price_fen > 0 && d.unit === 'sample' && d.type_id === 1);
  const [a, second] = priced;
  const c = priced.find((d) => d.name !== a?.name) ?? second;
  if (!a || !c) throw new Error('the catalogue has fewer than two priced items');
  return [a, c];
}

const planOf = async (token: string) => {
  const env = await call<PlanListResponse>(s.baseUrl, 'planList', {}, { token });
  expect(env.code, env.msg).toBe(1);
  return env.data;
};

const badge = (page: Page) => page.locator('[data-testid=cart-badge]');
const text = (l: Locator) => l.innerText();

/** 加入实验方案 on an item's page (the summary panel's button at desktop width). */
async function addFromDetail(page: Page, rid: string) {
  await page.goto(`/detail/${rid}`, { waitUntil: 'domcontentloaded' });
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: '加入实验方案' }).filter({ visible: true }).first().click();
  await toast(page, '已加入实验方案').first().waitFor({ state: 'visible' });
}

describe('plan and order (issue 9)', () => {
  it('a student adds two items, changes a count, orders both by post, finds the order, reads its timeline and cancels it', async () => {
    const user = await readyStudent();
    const [a, c] = await twoItems();
    const page = b.page;

    await signInWith(page, user.tokens, `/detail/${a.rid}`);
    await page.getByRole('button', { name: '加入实验方案' }).filter({ visible: true }).first().click();
    await toast(page, '已加入实验方案').first().waitFor({ state: 'visible' });
    await expect.poll(() => text(badge(page))).toBe('1');
    await addFromDetail(page, c.rid);
    await expect.poll(() => text(badge(page))).toBe('2');

    // The plan: both lines, a count changed, the price follows.
    await page
      .getByRole('link', { name: /实验方案/ })
      .first()
      .click();
    await expectPath(page, '/experiment/plan');
    const lines = page.locator('[data-testid=plan-line]');
    await expect.poll(() => lines.count()).toBe(2);
    const lineA = page.locator(`[data-testid=plan-line][data-rid="${a.rid}"]`);
    const amountA = lineA.locator('[data-testid=line-amount]');
    const before = await text(amountA);
    const totalBefore = await text(page.locator('[data-testid=plan-total]'));
    const count = lineA.getByRole('spinbutton');
    // Typed key by key, "23" is one edit (not 2 and then 23).
    const edits: string[] = [];
    page.on('request', (r) => void (r.url().includes('/plan/edit') && edits.push(r.postData() ?? '')));
    await count.fill('');
    await count.pressSequentially('23', { delay: 60 });
    await count.blur();
    await expect.poll(() => text(amountA)).not.toBe(before);
    await expect.poll(() => text(page.locator('[data-testid=plan-total]'))).not.toBe(totalBefore);
    // The server has the new count and prices it the same.
    await expect
      .poll(async () => (await planOf(user.tokens.token)).dataArr.flatMap((g) => g.items).find((l) => l.rid === a.rid)?.count)
      .toBe(23);
    expect(edits.map((e) => (JSON.parse(e) as { count?: number }).count)).toEqual([23]);
    const served = (await planOf(user.tokens.token)).dataArr.flatMap((g) => g.items).find((l) => l.rid === a.rid);
    expect(await text(amountA)).toBe(`¥${((served?.amount_fen ?? 0) / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2 })}`);
    await screenshotAtWidths(page, 'order-plan', 'plan');

    // The order page: samples for each line, a radioactive sample refused at once, self-send with the lab address.
    await page.getByRole('button', { name: '去下单' }).click();
    await expectPath(page, '/experiment/order');
    const orderLines = page.locator('[data-testid=order-line]');
    await expect.poll(() => orderLines.count()).toBe(2);
    for (const [i, name] of ['TiO2 粉末', 'ZnO 薄膜'].entries()) {
      const line = orderLines.nth(i);
      await line.getByPlaceholder('如：TiO2 粉末').fill(name);
      await line.getByRole('radio', { name: i === 0 ? '粉末' : '薄膜' }).check();
    }
    const first = orderLines.first();
    await first.getByRole('checkbox', { name: '放射性' }).check();
    await first.getByText(RADIOACTIVE_REFUSED).waitFor({ state: 'visible' });
    await page.getByRole('button', { name: /提交订单$/ }).click();
    await toast(page, '请检查样品信息').first().waitFor({ state: 'visible' });
    await first.getByRole('checkbox', { name: '放射性' }).uncheck();
    await first.getByRole('checkbox', { name: '有毒' }).check();
    await page.locator('[data-testid=lab-address]').waitFor({ state: 'visible' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotAtWidths(page, 'order-plan', 'order');
    await acceptAgreement(page);
    await page.getByRole('button', { name: /提交订单$/ }).click();
    await toast(page, '提交成功!').first().waitFor({ state: 'visible' });

    // The order's detail: 待寄样 (an institution's priced order sent by post), numbered samples, the timeline.
    await expectPath(page, '/member/order');
    await expect.poll(() => text(page.locator('[data-testid=order-state]'))).toBe('待寄样');
    const no = (await text(page.locator('#order-no'))).replace('订单', '').trim();
    expect(no).toMatch(/^YC\d{8}-\d{4}$/);
    await expect.poll(() => page.locator('[data-testid=order-sample]').count()).toBe(2);
    expect(await text(page.locator('[data-testid=order-sample]').first())).toContain(`${no}-01`);
    const timeline = page.locator('[data-testid=order-timeline]');
    await expect.poll(() => text(timeline)).toContain('提交订单');
    expect(await text(timeline)).toContain('您');
    // The lines left the plan: no badge.
    await badge(page).waitFor({ state: 'detached' });
    await screenshotAtWidths(page, 'order-plan', 'detail');

    // 我的订单: under 待寄样/待取样 with its count, searchable by a sample's name.
    await page.goto('/member/order', { waitUntil: 'domcontentloaded' });
    await page.getByRole('tab', { name: /待寄样\/待取样/ }).click();
    const card = page.locator(`[data-testid=order-card][data-no="${no}"]`);
    await card.waitFor({ state: 'visible' });
    expect(await text(page.getByRole('tab', { name: /待寄样\/待取样/ }))).toContain('1');
    expect(await text(card)).toContain('待寄样');
    await screenshotAtWidths(page, 'order-plan', 'orders');
    await page.getByRole('searchbox', { name: '搜索订单' }).or(page.getByLabel('搜索订单')).first().fill('ZnO');
    await page.getByLabel('搜索订单').first().press('Enter');
    await expect.poll(() => page.url()).toContain('kw=ZnO');
    await card.waitFor({ state: 'visible' });

    // Cancel with a reason: none is refused, one is recorded in the timeline.
    await card.getByRole('button', { name: '取消订单' }).click();
    const dialog = await opened(dialogTitled(page, '取消订单'));
    await dialog.getByRole('button', { name: /确认取消/ }).click();
    await dialog.getByText('[取消原因]不能为空').waitFor({ state: 'visible' });
    await dialog.getByLabel('取消原因').fill('样品还没准备好');
    await dialog.getByRole('button', { name: /确认取消/ }).click();
    await toast(page, '订单已取消').first().waitFor({ state: 'visible' });
    // It leaves 待寄样/待取样 for 已取消.
    await card.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: /已取消/ }).click();
    await expect.poll(() => text(card)).toContain('已取消');

    await card.getByRole('button', { name: '查看' }).click();
    await expect.poll(() => text(page.locator('[data-testid=order-state]'))).toBe('已取消');
    await expect.poll(() => text(timeline)).toContain('样品还没准备好');
    expect(await page.getByRole('button', { name: '取消订单' }).count()).toBe(0);
  });

  it('立即下单 opens the order page with that item; a saved draft opens there again and is sent from it', async () => {
    const user = await readyStudent();
    const [a] = await twoItems();
    const page = b.page;
    await signInWith(page, user.tokens, `/detail/${a.rid}`);
    await page.getByRole('button', { name: '立即下单' }).filter({ visible: true }).first().click();
    await expectPath(page, '/experiment/order');
    const line = page.locator('[data-testid=order-line]');
    await expect.poll(() => line.count()).toBe(1);
    expect(await text(line)).toContain(a.name);

    // 上门取样: the time is chosen after ordering.
    await page.getByRole('radiogroup', { name: '送样方式' }).getByText('上门取样').click();
    await page.getByText('提交订单后，在订单详情中预约上门取样').waitFor({ state: 'visible' });
    await line.getByPlaceholder('如：TiO2 粉末').fill('石墨烯');
    await line.getByRole('radio', { name: '块体' }).check();
    await page.getByRole('button', { name: /保存草稿$/ }).click();
    await toast(page, '草稿已保存').first().waitFor({ state: 'visible' });
    await expect.poll(() => text(page.locator('[data-testid=order-state]'))).toBe('草稿');

    await page.getByRole('button', { name: '继续编辑' }).click();
    await expectPath(page, '/experiment/order');
    await expect.poll(() => line.getByPlaceholder('如：TiO2 粉末').inputValue()).toBe('石墨烯');
    expect(await line.getByRole('radio', { name: '块体' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: '上门取样' }).isChecked()).toBe(true);
    await acceptAgreement(page);
    await page.getByRole('button', { name: /提交订单$/ }).click();
    await toast(page, '提交成功!').first().waitFor({ state: 'visible' });
    await expect.poll(() => text(page.locator('[data-testid=order-state]'))).toBe('待取样');
  });

  it('without a completed attestation the plan says so and 去下单 opens the attestation popup', async () => {
    const user = await registerUser(s.server);
    // An address keeps the after-login popup away; the profile stays empty.
    await addAddress(s.baseUrl, user.tokens.token);
    const [a] = await twoItems();
    const added = await call(s.baseUrl, 'planAdd', { rid: a.rid, count: 1 }, { token: user.tokens.token });
    expect(added.code, added.msg).toBe(1);
    await signInWith(b.page, user.tokens, '/experiment/plan');
    await b.page.getByText('未完善基本信息无法正常下单').first().waitFor({ state: 'visible' });
    await b.page.getByRole('button', { name: '去下单' }).click();
    await dialogTitled(b.page, '完善基本信息').waitFor({ state: 'visible' });
    await expectPath(b.page, '/experiment/plan');
  });
});
