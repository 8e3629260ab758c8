// Issue 21, 「The console」 and the smaller things found: what staff and
// customers see of the dashboard's scope, the audit log's words, 确认收款's
// bank fields, the approval's truth, the lists on a phone, the item page's
// text, the header search and the contrast of muted text.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { AdminOrderDetail, AdminOrderSummary } from '@yance/contracts/order';
import type { Page as ListPage } from '@yance/contracts/paging';
import type { TokenPair } from '@yance/contracts/account';
import { DEMO_STAFF_PASSWORD } from '@yance/contracts/staff';
import { attestStudent, call, signInWith, useServer } from './support/accounts.ts';
import { DESKTOP, MOBILE, useBrowser } from './support/browser.ts';
import { opened } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { button, enrol, signInToConsole, staffCall, totpCode } from './support/staff.ts';

const SPEC = 'console-journeys';
const s = useServer();
const b = useBrowser(DESKTOP, SPEC, { baseUrl: () => s.baseUrl });

/** TOTP secrets of the members enrolled through the API (admin and finance must use one). */
const secrets: Record<string, string> = {};
async function signInWithTotp(page: Page, account: 'admin' | 'finance') {
  secrets[account] ??= (await enrol(s.baseUrl, account)).secret;
  await signInToConsole(page, (p) => b.goto(p), account, await totpCode(secrets[account]!, 30));
}

/** The demo customers (README): a student and an enterprise, with the staff's demo password. */
const STUDENT_PHONE = '13900000001';
const ENTERPRISE_PHONE = '13900000002';
async function demoLogin(account: string): Promise<TokenPair> {
  const login = await call<TokenPair>(s.baseUrl, 'login', { account, password: DEMO_STAFF_PASSWORD });
  expect(login.code, login.msg).toBe(1);
  return login.data;
}

/**
 * WCAG contrast of an element's text colour against the background it is drawn on (its own or the nearest
 * ancestor's that is not transparent; white above all): a tag's light fill counts.
 */
const contrastOf = (target: Locator) =>
  target.first().evaluate((el) => {
    const rgba = (css: string) => css.match(/\d+(\.\d+)?/g)!.map(Number);
    const luminance = ([r, g, bl]: number[]) => {
      const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(bl!);
    };
    let back = [255, 255, 255];
    for (let at: Element | null = el; at; at = at.parentElement) {
      const bg = rgba(getComputedStyle(at).backgroundColor);
      if (bg.length < 4 || bg[3]! > 0) {
        back = bg;
        break;
      }
    }
    const [fore, behind] = [luminance(rgba(getComputedStyle(el).color)), luminance(back)];
    return (Math.max(fore, behind) + 0.05) / (Math.min(fore, behind) + 0.05);
  });

describe('the console (issue 21)', () => {
  it('a manager’s dashboard counts their own customers and has a 新需求 card that opens the demands to quote', async () => {
    const { page } = b;
    // A customer of the shop registers today and sends the form (round robin gives them the only manager).
    const u = await s.registeredAccount();
    await attestStudent(s.baseUrl, u.tokens.token);
    await signInToConsole(page, (p) => b.goto(p), 'manager');
    const card = page.getByTestId('figure-newDemands');
    await expect.poll(() => card.innerText()).toContain('新需求');
    for (const key of ['newCustomers', 'pendingAttestations']) await page.getByTestId(`figure-${key}`).waitFor();
    expect(await page.getByTestId('figure-failedJobs').count()).toBe(0);
    expect(await page.getByTestId('figure-smsSent').count()).toBe(0);
    expect(await page.getByTestId('figure-newCustomers').innerText()).toContain('由您负责');
    await screenshotAtWidths(page, SPEC, 'manager-dashboard');
    await card.getByRole('link', { name: '去报价' }).click();
    await page.waitForURL(/\/admin\/demands\?state=open/);
  });

  it('the approval dialog says what approval changes: ordering never waited for it', async () => {
    const { page } = b;
    const u = await s.registeredAccount();
    await attestStudent(s.baseUrl, u.tokens.token);
    await signInToConsole(page, (p) => b.goto(p), 'manager');
    await b.goto(`/admin/customers?phone=${u.phone}`);
    await page
      .getByRole('row', { name: new RegExp(u.phone) })
      .getByRole('link', { name: '详情' })
      .click();
    await button(page, '通过').click();
    const dialog = await opened(page.getByRole('dialog'));
    const text = await dialog.innerText();
    expect(text).not.toContain('通过后客户即可下单');
    expect(text).toContain('下单不等审核');
    await screenshotAtWidths(page, SPEC, 'approve-dialog');
  });

  it('finance’s 确认收款 asks for the bank’s amount and reference and refuses an amount other than what is due', async () => {
    const { page } = b;
    await signInWithTotp(page, 'finance');
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('yance-staff-token') ?? '{}') as { access: string }).access);
    const unpaid = await staffCall<ListPage<AdminOrderSummary>>(s.baseUrl, 'adminOrderList', token, {
      state: 'unpaid',
      page: 1,
      pageSize: 10,
    });
    const order = unpaid.list[0]!;
    const detail = await staffCall<AdminOrderDetail>(s.baseUrl, 'adminOrderDetail', token, { id: order.id });
    const due = (detail.final_fen ?? 0) - detail.deduction.couponFen - detail.deduction.pointsFen;
    await b.goto(`/admin/orders/${order.id}`);
    await button(page.getByTestId('order-actions'), '确认收款').click();
    const dialog = await opened(page.getByRole('dialog').filter({ hasText: '确认收款 · ' }));
    await dialog.getByLabel('到账金额').fill(String((due - 100) / 100));
    await dialog.getByLabel('银行流水号').fill('HX2026112801');
    await dialog.getByLabel('备注').fill('对公转账已到账');
    await screenshotAtWidths(page, SPEC, 'mark-paid-dialog');
    await button(dialog, '确认收款').click();
    await expect.poll(() => dialog.getByTestId('move-error').innerText()).toMatch(/^到账金额 ¥[\d,.]+ 与订单 \S+ 应付金额 ¥[\d,.]+ 不符/);
    await dialog.getByLabel('到账金额').fill(String(due / 100));
    await button(dialog, '确认收款').click();
    await dialog.waitFor({ state: 'hidden' });
    // Paid: on to its samples (待寄样, or 待取样 for a pick-up).
    await expect.poll(() => page.getByTestId('order-head').getByTestId('order-state').innerText()).toMatch(/^待(寄|取)样$/);
  });

  it('the audit log reads in Chinese: action and state names, China time, yuan, no codes or markup', async () => {
    const { page } = b;
    await signInWithTotp(page, 'admin');
    await b.goto('/admin/audit');
    await page.getByRole('row').nth(3).waitFor();
    const text = await page.locator('main').innerText();
    for (const code of ['sample.checkIn', 'order.markPaid', 'awaiting', 'signed', '金额（分）', '<p>']) expect(text).not.toContain(code);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    expect(text).toContain('确认收款');
    expect(text).toContain('银行流水号：HX2026112801');
    expect(text).toMatch(/到账金额：¥[\d,]+\.\d{2}/);
    await screenshotAtWidths(page, SPEC, 'audit-log');
  });

  it('on a phone the lab’s 到样签收 list is cards with 签收 on screen, nothing scrolls sideways', async () => {
    const { page } = b;
    await page.setViewportSize(MOBILE);
    await signInToConsole(page, (p) => b.goto(p), 'lab');
    await b.goto('/admin/samples');
    const first = page.getByTestId('list-card').first();
    await first.waitFor();
    const sign = first.getByRole('button', { name: /签\s*收/ });
    const box = (await sign.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshotAtWidths(page, SPEC, 'samples-cards', [375]);
    await page.setViewportSize(DESKTOP);
    await expect.poll(() => page.getByTestId('list-card').count()).toBe(0);
    await screenshotAtWidths(page, SPEC, 'samples-table', [1280]);
  });
});

/** The two-character words a text says more than once: 「出结果 预计 5 个工作日出结果」 → ['出结', '结果']. */
function repeatedWords(text: string): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const run of text.match(/\p{Script=Han}+/gu) ?? [])
    for (let i = 0; i + 2 <= run.length; i++) {
      const word = run.slice(i, i + 2);
      (seen.has(word) ? twice : seen).add(word);
    }
  return [...twice];
}

describe('the storefront’s smaller things (issue 21)', () => {
  it('an item’s estimate says when the results come once: no word twice', async () => {
    await b.goto('/detail/d10001');
    const estimate = b.page.getByTestId('estimate');
    await expect.poll(() => estimate.innerText()).toMatch(/\d+\s*个工作日/);
    expect(repeatedWords(await estimate.innerText()), await estimate.innerText()).toEqual([]);
    await screenshotAtWidths(b.page, SPEC, 'detail-estimate');
  });

  it('an item’s sample requirement shows 「<」, not its HTML code', async () => {
    await b.goto('/detail/d10081');
    const note = b.page.getByRole('note');
    await expect.poll(() => note.innerText()).toContain('比表面 < 10 m²/g');
    expect(await note.innerText()).not.toContain('&lt;');
    await screenshotAtWidths(b.page, SPEC, 'detail-requirement');
  });

  it('the header search shows the keyword of the results after a new search on the page', async () => {
    const { page } = b;
    await b.goto('/search?kw=XRD');
    const header = page.getByRole('banner').getByRole('combobox', { name: '搜索检测项目' });
    await expect.poll(() => header.inputValue()).toBe('XRD');
    const own = page.getByRole('main').getByRole('combobox').first();
    await own.fill('BET比表面');
    await own.press('Enter');
    await page.waitForURL(/kw=BET/);
    await expect.poll(() => header.inputValue()).toBe('BET比表面');
    await screenshotAtWidths(page, SPEC, 'search-header');
  });

  it('muted words read at 4.5:1: case dates, empty rating stars, the 留样中 and 已完成 tags', async () => {
    const { page } = b;
    await b.goto('/');
    await page.locator('time').first().waitFor();
    expect(await contrastOf(page.locator('time'))).toBeGreaterThanOrEqual(4.5);
    // An item with reviews: its empty stars (the row behind the filled part) too.
    await b.goto('/detail/d10061');
    await page.getByRole('img', { name: /星$/ }).first().waitFor();
    expect(await contrastOf(page.locator('[role="img"][aria-label$="星"]'))).toBeGreaterThanOrEqual(4.5);
    await screenshotAtWidths(page, SPEC, 'cases');
    // The demo student's tested samples wait on the lab's shelf (留样中); the demo enterprise has a 已完成 order.
    const kept = page.getByTestId('sample-state').filter({ hasText: '留样中' });
    await signInWith(page, await demoLogin(STUDENT_PHONE), '/member/sample');
    await kept.first().waitFor();
    expect(await contrastOf(kept), '留样中').toBeGreaterThanOrEqual(4.5);
    await screenshotAtWidths(page, SPEC, 'samples-kept');
    const completed = page.getByTestId('order-card').locator('.ant-tag').filter({ hasText: '已完成' });
    await signInWith(page, await demoLogin(ENTERPRISE_PHONE), '/member/order?tab=completed');
    await completed.first().waitFor();
    expect(await contrastOf(completed), '已完成').toBeGreaterThanOrEqual(4.5);
    await screenshotAtWidths(page, SPEC, 'orders-completed');
  });
});
