import { describe, expect, it } from 'vitest';
import type { Reconciliation } from '@yance/contracts/prestore';
import { accountText, checksOf } from './reconcile-checks.ts';

const passing: Reconciliation = {
  sumFen: 0,
  entries: 3,
  lines: 7,
  unbalanced: [],
  mismatched: [],
  negative: [],
  byKind: [],
  gateways: [{ gateway: 'local', callbacks: 1, callbackFen: 500_000, clearingFen: -500_000, matches: true }],
  receivable: { ledgerFen: 0, ordersFen: 0, matches: true },
  refunds: { ledgerFen: 0, pendingFen: 0, matches: true },
  ok: true,
  checkedAt: '2026-11-25T02:00:00.000Z',
};

describe('the reconciliation as finance reads it', () => {
  it('lists every check passing, the clearing account shown against the callbacks', () => {
    const checks = checksOf(passing);
    expect(checks.map((c) => [c.label, c.ok])).toEqual([
      ['总账借贷合计', true],
      ['不平衡分录', true],
      ['余额与明细不符', true],
      ['负余额', true],
      ['在线支付清算 · 本地支付（演示）', true],
      ['应收账款 / 待结算订单', true],
      ['应付退款 / 待审核退款', true],
    ]);
    expect(checks[0]?.value).toBe('¥0.00（3 笔分录，7 行明细）');
    expect(checks[4]?.value).toBe('回调 1 笔 ¥5,000.00 / 清算 ¥5,000.00');
  });

  it('names what is wrong where a check fails', () => {
    const checks = checksOf({
      ...passing,
      sumFen: 100,
      unbalanced: [{ entryId: 9, sumFen: 100 }],
      mismatched: [{ key: 'prestore:12', balanceFen: 1_000, sumFen: 900 }],
      negative: [{ key: 'wallet:3', balanceFen: -5 }],
      receivable: { ledgerFen: 200, ordersFen: 0, matches: false },
      refunds: { ledgerFen: 300, pendingFen: 0, matches: false },
      ok: false,
    });
    expect(checks.filter((c) => !c.ok).flatMap((c) => c.problems)).toEqual([
      '所有分录明细之和应为 ¥0.00',
      '分录 #9 借贷差额 ¥1.00',
      '客户预存余额 #12：余额 ¥10.00，明细合计 ¥9.00',
      '返利钱包（可提现） #3：余额 -¥0.05',
      '差额 ¥2.00',
      '差额 ¥3.00',
    ]);
    expect(accountText('gateway:alipay')).toBe('在线支付清算 #alipay');
    expect(accountText('revenue')).toBe('检测收入');
  });
});
