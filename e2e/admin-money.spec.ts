import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '@yance/contracts/envelope';
import type { PrestoreInfo } from '@yance/contracts/prestore';
import type { TopupAddResponse } from '@yance/contracts/topup';
import { call, toast, useServer, type TestUser } from './support/accounts.ts';
import { url } from './support/api.ts';
import { useBrowser } from './support/browser.ts';
import { expectPath, fitsWidth } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { button, chooseOption, enrol, menuItems, signInToConsole, totpCode } from './support/staff.ts';

const SPEC = 'admin-money';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });

const PAYER = '清华大学材料学院';
/** A masked phone as the console shows a customer's: 139****0001. */
const PHONE = '1\\d{2}\\*{4}\\d{4}';
const key = () => randomBytes(18).toString('base64url');

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
};
/** A real w×h RGB PNG (the bank's receipt as a customer photographs it), made here so the test needs no fixture file. */
function png(w: number, h: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) rows.set([230, 240 - (y * 80) / h, 250 - (x * 60) / w], y * (w * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The customer's side through the API, as the shop's top-up form sends it: the receipt upload, then prestore/add. */
async function fileTransfer(customer: TestUser, amountFen: number): Promise<TopupAddResponse['topup']> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png(480, 300))], { type: 'image/png' }), '工行回单.png');
  const res = await fetch(new URL(url('prestoreUpload'), s.baseUrl), {
    method: 'POST',
    headers: { token: customer.tokens.token },
    body: form,
  });
  const up = (await res.json()) as Envelope<{ id: string }>;
  expect(up.code, up.msg).toBe(1);
  const added = await call<TopupAddResponse>(
    s.baseUrl,
    'prestoreAdd',
    { method: 'transfer', amountFen, payer: PAYER, receiptId: up.data.id, idempotencyKey: key() },
    { token: customer.tokens.token },
  );
  expect(added.code, added.msg).toBe(1);
  return added.data.topup;
}

describe('finance in the console', () => {
  it('confirms a bank-transfer top-up from its receipt, then 对账 passes and the customer’s statement shows it', async () => {
    const customer = await s.registeredAccount();
    // ¥6 000 reaches the 5 % tier (from ¥5 000): ¥300 bonus, credited with it.
    const topup = await fileTransfer(customer, 600_000);
    expect(topup).toMatchObject({ state: 'pending', bonusFen: 30_000 });
    const { secret } = await enrol(s.baseUrl, 'finance');

    const { page } = b;
    // The enrolment used this step's code: the next step's signs in.
    await signInToConsole(page, (p) => b.goto(p), 'finance', await totpCode(secret, 30));
    expect(await menuItems(page)).toEqual([
      '概览',
      '客户列表',
      '课题组',
      '订单列表',
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
    ]);

    // 充值审核 opens on the transfers waiting for finance.
    await page.getByRole('menuitem', { name: '充值审核' }).click();
    await expectPath(page, '/admin/money/topups');
    const row = page.getByRole('row', { name: new RegExp(topup.no) });
    await expect.poll(() => row.innerText()).toMatch(/对公转账[\s\S]*¥6,000\.00[\s\S]*¥300\.00[\s\S]*清华大学材料学院[\s\S]*待到账/);
    await screenshotAtWidths(page, SPEC, 'topups');

    // The drawer shows the receipt itself, fetched with the staff token.
    await button(row, '审核').click();
    const drawer = page.getByRole('dialog', { name: `充值单 ${topup.no}` });
    const receipt = drawer.getByTestId('receipt-image').locator('img');
    await expect.poll(() => receipt.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
    await screenshotAtWidths(page, SPEC, 'receipt');

    // 驳回 needs its reason; going back leaves the top-up waiting.
    await button(drawer, '驳回').click();
    const reject = page.getByRole('dialog', { name: `驳回 · ${topup.no}` });
    // Pressed until the form answers: a press while the dialog is still opening goes nowhere under load.
    await reject.getByLabel('驳回原因').waitFor();
    await expect
      .poll(async () => {
        await button(reject, '驳回').click();
        return reject.locator('.ant-form-item-explain-error').allInnerTexts();
      })
      .toEqual(['[驳回原因]不能为空']);
    await button(reject, '返回').click();
    await reject.waitFor({ state: 'hidden' });

    await button(drawer, '确认到账').click();
    const confirm = page.getByRole('dialog', { name: `确认到账 · ${topup.no}` });
    await expect.poll(() => confirm.innerText()).toContain('确认后 ¥6,300.00（含赠送）立即计入客户的预存余额');
    await confirm.getByLabel('备注').fill('已核对工行回单');
    await button(confirm, '确认到账').click();
    await toast(page, '已确认到账').waitFor();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByText('没有待到账的充值').waitFor();
    const info = await call<PrestoreInfo>(s.baseUrl, 'prestoreInfo', {}, { token: customer.tokens.token });
    expect(info.data.balanceFen).toBe(630_000);

    // The same top-up under 已到账, with who confirmed it.
    await chooseOption(page, page.getByLabel('充值状态'), '已到账');
    await expectPath(page, '/admin/money/topups', '?state=credited');
    await expect.poll(() => row.innerText()).toMatch(/已到账[\s\S]*赵财务/);

    // 退款审核: nothing waits (no prepaid order was cancelled); money.test covers an approval.
    await page.getByRole('menuitem', { name: '退款审核' }).click();
    await expectPath(page, '/admin/money/refunds');
    await page.getByText('没有待审核的退款').waitFor();
    await screenshotAtWidths(page, SPEC, 'refunds');

    // 收支流水 by the customer's phone: the transfer and its bonus, newest first, each with its debit and credit.
    await page.getByRole('menuitem', { name: '收支流水' }).click();
    await expectPath(page, '/admin/money/journal');
    await page.getByTestId('journal-sums').getByText('选择起止日期或输入关键词后显示。').waitFor();
    const entries = page.locator('.ant-table-tbody tr.ant-table-row');
    // Unfiltered: the demo's money too — the student's order billed to receivables, the firm's transfer for its order.
    await page
      .getByRole('row', { name: /订单记账（待结算）[\s\S]*YC\d{8}-\d{4}[\s\S]*应收账款[\s\S]*检测收入/ })
      .first()
      .waitFor();
    await screenshotAtWidths(page, SPEC, 'journal-all');
    const search = page.getByLabel('搜索流水');
    await search.fill(customer.phone);
    await search.press('Enter');
    await expectPath(page, '/admin/money/journal', `?kw=${customer.phone}`);
    await expect.poll(() => entries.count()).toBe(2);
    // Each row: its time, kind, memo, the customer (masked), the top-up, the lines, who confirmed it.
    expect(await entries.nth(0).innerText()).toMatch(
      new RegExp(
        `^[\\d-]+\\s+[\\d:]+\\s+充值赠送\\s+充值赠送 ${topup.no}\\s+${PHONE}\\s+${topup.no}\\s+` +
          `充值赠送支出\\s*-¥300\\.00\\s+客户预存余额 · ${PHONE}\\s*\\+¥300\\.00\\s+赵财务$`,
      ),
    );
    expect(await entries.nth(1).innerText()).toMatch(
      new RegExp(
        `充值\\s+对公转账充值 ${topup.no}[\\s\\S]*银行存款（对公转账）\\s*-¥6,000\\.00\\s+客户预存余额 · ${PHONE}\\s*\\+¥6,000\\.00\\s+赵财务$`,
      ),
    );
    // The keyword bounds the sum: ¥6 300 into the balance, out of the bank and the bonus account.
    await expect
      .poll(() => page.getByTestId('journal-sums').innerText())
      .toMatch(/客户预存余额 \+¥6,300\.00[\s\S]*银行存款（对公转账） -¥6,000\.00[\s\S]*充值赠送支出 -¥300\.00/);
    // Filtered by kind: the bonus alone.
    await chooseOption(page, page.getByLabel('流水类型'), '充值赠送');
    await expectPath(page, '/admin/money/journal', `?kind=topupBonus&kw=${customer.phone}`);
    await expect.poll(() => entries.count()).toBe(1);
    await screenshotAtWidths(page, SPEC, 'journal');
    const [journalFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出 .xlsx' }).click()]);
    expect(journalFile.suggestedFilename()).toMatch(/^收支流水-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await b.setWidth(375);
    // On a phone the journal's rows are cards (ADR 0063).
    await expect.poll(() => page.getByTestId('list-card').count()).toBe(1);
    // Polled: the narrow layout comes with the re-render after the resize (CI once measured the wide one, 482 px).
    await expect.poll(() => fitsWidth(page), { message: 'no sideways scroll' }).toBe(true);
    await b.setWidth(1280);

    // 应收账款: the demo student's confirmed order waits in 待结算, due in the settlement days (30).
    await page.getByRole('menuitem', { name: '应收账款' }).click();
    await expectPath(page, '/admin/money/receivables');
    const owed = page.getByRole('row', { name: /张同学/ });
    await expect
      .poll(() => owed.innerText())
      .toMatch(/^YC\d{8}-\d{4}\s+¥[\d,]+\.\d{2}\s+张同学 139\*{4}0001\s+华东理工大学[\s\S]*还有 30 天[\s\S]*额度 不限\s+待结算$/);
    await expect.poll(() => page.getByTestId('receivable-total-unsettled').innerText()).toMatch(/^待结算（1 单）\s+¥[\d,]+\.\d{2}$/);
    await expect.poll(() => page.getByTestId('receivable-total-overdue').innerText()).toMatch(/^欠款中（0 单）\s+¥0\.00$/);
    await screenshotAtWidths(page, SPEC, 'receivables');
    await b.setWidth(375);
    // On a phone the rows are cards (ADR 0063).
    await page.getByTestId('list-card').filter({ hasText: '张同学' }).waitFor();
    // Polled: the narrow layout comes with the re-render after the resize (CI once measured the wide one, 482 px).
    await expect.poll(() => fitsWidth(page), { message: 'no sideways scroll' }).toBe(true);
    await b.setWidth(1280);
    // 欠款中: none yet (no demo order is past its days); no customer has reached a credit limit.
    await page.getByRole('tab', { name: /欠款中/ }).click();
    await expectPath(page, '/admin/money/receivables', '?state=overdue');
    await page.getByText('没有欠款中的订单').waitFor();
    await page.getByRole('tab', { name: /全部/ }).click();
    await page.getByText('只看已达信用额度').click();
    await expectPath(page, '/admin/money/receivables', '?over=true');
    await page.getByText('没有符合条件的应收账款').waitFor();
    await page.getByText('只看已达信用额度').click();
    // The row opens the order.
    await owed.getByRole('link', { name: /^YC/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/admin\/orders\/\d+$/);

    // 对账: every check green after the transfer went through the ledger.
    await page.getByRole('menuitem', { name: '对账' }).click();
    await expectPath(page, '/admin/money/reconcile');
    await expect.poll(() => page.getByTestId('reconcile-summary').innerText()).toMatch(/^对账通过/);
    const checks = page.locator('[data-testid^="check-"]');
    expect(await checks.count()).toBe(9);
    for (const text of await checks.allInnerTexts()) expect(text).toMatch(/通过$/);
    await expect.poll(() => page.getByTestId('check-sum').innerText()).toContain('¥0.00');
    // 科目余额: the transfer's bank line and the balances it moved, summing to nothing.
    await page.getByRole('row', { name: /银行存款（对公转账）/ }).waitFor();
    await expect.poll(() => page.getByRole('row', { name: /^合计/ }).innerText()).toMatch(/¥0\.00$/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出 .xlsx' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^对账单-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await screenshotAtWidths(page, SPEC, 'reconcile');

    // 资金设置: the overdue reminders every 3 days instead of 7; read back after a reload.
    await page.getByRole('menuitem', { name: '资金设置' }).click();
    await expectPath(page, '/admin/money/settings');
    const remind = page.getByLabel('欠款提醒间隔（天）');
    await expect.poll(() => remind.inputValue()).toBe('7');
    await remind.fill('3');
    await button(page, '保存').click();
    await toast(page, '设置已保存').waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('欠款提醒间隔（天）').inputValue()).toBe('3');
    await screenshotAtWidths(page, SPEC, 'settings');

    // The customer's page: 预存余额明细, the bonus its own line.
    await b.goto(`/admin/money/topups?state=credited`);
    await row.getByRole('link').click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/admin\/customers\/\d+$/);
    await expect.poll(() => page.getByTestId('prestore-balance').innerText()).toBe('当前余额 ¥6,300.00');
    await expect
      .poll(() => page.getByTestId('prestore-statement').innerText())
      .toMatch(/充值赠送[\s\S]*\+¥300\.00[\s\S]*充值[\s\S]*\+¥6,000\.00/);
    await screenshotAtWidths(page, SPEC, 'statement');
  });
});
