import { formatFen } from '@yance/browser/format';
import { GATEWAY_LABELS, LEDGER_ACCOUNT_KINDS, LEDGER_ACCOUNT_NAMES, type LedgerAccountKind } from '@yance/contracts/ledger';
import type { Reconciliation } from '@yance/contracts/prestore';

/** One line of the reconciliation as finance reads it: what is checked, what was found, whether it passes, and what is wrong. */
export interface Check {
  key: string;
  label: string;
  value: string;
  ok: boolean;
  problems: string[];
}

/** An account by the ledger's key (kind:owner): prestore:12 → 客户预存余额 #12; shop accounts by their name. */
export function accountText(key: string): string {
  const [kind, ...rest] = key.split(':');
  const name = (LEDGER_ACCOUNT_KINDS as readonly string[]).includes(kind ?? '') ? LEDGER_ACCOUNT_NAMES[kind as LedgerAccountKind] : key;
  const owner = rest.join(':');
  return owner ? `${name} #${owner}` : name;
}

/** The reconciliation's answer → the checks in the order the server runs them (and the .xlsx lists them). */
export function checksOf(r: Reconciliation): Check[] {
  return [
    {
      key: 'sum',
      label: '总账借贷合计',
      value: `${formatFen(r.sumFen)}（${r.entries} 笔分录，${r.lines} 行明细）`,
      ok: r.sumFen === 0,
      problems: r.sumFen === 0 ? [] : ['所有分录明细之和应为 ¥0.00'],
    },
    {
      key: 'unbalanced',
      label: '不平衡分录',
      value: `${r.unbalanced.length} 笔`,
      ok: r.unbalanced.length === 0,
      problems: r.unbalanced.map((u) => `分录 #${u.entryId} 借贷差额 ${formatFen(u.sumFen)}`),
    },
    {
      key: 'mismatched',
      label: '余额与明细不符',
      value: `${r.mismatched.length} 个账户`,
      ok: r.mismatched.length === 0,
      problems: r.mismatched.map((m) => `${accountText(m.key)}：余额 ${formatFen(m.balanceFen)}，明细合计 ${formatFen(m.sumFen)}`),
    },
    {
      key: 'negative',
      label: '负余额',
      value: `${r.negative.length} 个账户`,
      ok: r.negative.length === 0,
      problems: r.negative.map((n) => `${accountText(n.key)}：余额 ${formatFen(n.balanceFen)}`),
    },
    ...r.gateways.map((g) => ({
      key: `gateway-${g.gateway}`,
      label: `在线支付清算 · ${GATEWAY_LABELS[g.gateway]}`,
      // The clearing account is credited what the gateway owes us: its lines sum to minus the callbacks.
      value: `回调 ${g.callbacks} 笔 ${formatFen(g.callbackFen)} / 清算 ${formatFen(-g.clearingFen)}`,
      ok: g.matches,
      problems: g.matches ? [] : [`差额 ${formatFen(g.callbackFen + g.clearingFen)}`],
    })),
    {
      key: 'receivable',
      label: '应收账款 / 待结算订单',
      value: `${formatFen(r.receivable.ledgerFen)} / ${formatFen(r.receivable.ordersFen)}`,
      ok: r.receivable.matches,
      problems: r.receivable.matches ? [] : [`差额 ${formatFen(r.receivable.ledgerFen - r.receivable.ordersFen)}`],
    },
    {
      key: 'refunds',
      label: '应付退款 / 待审核退款',
      value: `${formatFen(r.refunds.ledgerFen)} / ${formatFen(r.refunds.pendingFen)}`,
      ok: r.refunds.matches,
      problems: r.refunds.matches ? [] : [`差额 ${formatFen(r.refunds.ledgerFen - r.refunds.pendingFen)}`],
    },
  ];
}
