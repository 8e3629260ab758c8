// Finance's room (issue 10, ADR 0050): top-ups by transfer, customers'
// statements, the money settings and the daily reconciliation with its .xlsx.
import { formatFen } from '@yance/contracts/money';
import { newWorkbook } from '../../lib/workbook.ts';
import { GATEWAY_NAMES, LEDGER_ACCOUNT_NAMES } from '@yance/contracts/ledger';
import type { Page } from '@yance/contracts/paging';
import { REFUND_STATE_NAMES, REFUND_TRANSITIONS, type RefundState } from '@yance/contracts/ledger';
import { ORDER_STATE_NAMES, type OrderState } from '@yance/contracts/order-states';
import { moneySettings, type MoneySettings } from '@yance/contracts/money-settings';
import type { AdminRefund, Reconciliation } from '@yance/contracts/prestore';
import type { AdminTopup } from '@yance/contracts/topup';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LedgerCheck } from '../../lib/metrics.ts';
import { defineMachine } from '../../lib/state-machine.ts';
import { recordOrderEvent } from '../order/index.ts';
import * as ledger from '../ledger/index.ts';
import { getPrivateFile, type FileStorage } from '../media/index.ts';
import { saveAuditedSetting } from '../setting/index.ts';
import { getMoneySettings, MONEY_SETTING_KEY } from './money-settings.service.ts';
import { prestoreStatement } from './prestore.service.ts';
import * as reconciliation from './reconciliation.repository.ts';
import * as repo from './refund.repository.ts';
import type { RefundRow } from './refund.repository.ts';
import * as topups from './topup.repository.ts';
import { toTopupEntry } from './topup-entry.ts';

/** A cancelled prepaid order's refund (ADR 0050): finance approves it, only while its order is cancelled. */
export const refundMachine = defineMachine<AppContext, RefundRow, RefundState, typeof REFUND_TRANSITIONS>({
  objectType: 'refund',
  table: REFUND_TRANSITIONS,
  names: REFUND_STATE_NAMES,
  noun: '退款',
  missing: '退款不存在',
  lock: (t, id) => repo.lockRefund(t.db, id),
  write: (t, row, from, to, at, set) =>
    repo.markRefunded(t.db, row.id, from, { state: to, note: (set.note as string) ?? '', staffId: set.staffId as number, refundedAt: at }),
  audience: async (t, row) => ({
    userId: row.userId,
    orderId: row.orderId,
    vars: { no: (await repo.findOrderRow(t.db, row.orderId))!.no },
  }),
  parent: {
    state: async (t, row) => (await repo.findOrderRow(t.db, row.orderId))!.state,
    refused: (state) => `订单当前为「${ORDER_STATE_NAMES[state as OrderState]}」，不能批准退款`,
  },
});

const maskPhone = (phone: string) => (phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone);

export async function adminTopups(
  ctx: AppContext,
  q: {
    page: number;
    pageSize: number;
    state?: AdminTopup['state'] | undefined;
    method?: AdminTopup['method'] | undefined;
    keyword?: string | undefined;
  },
): Promise<Page<AdminTopup>> {
  const { rows, total } = await topups.listAdminTopups(ctx.db, q, q.pageSize, (q.page - 1) * q.pageSize);
  return {
    list: rows.map((r) => ({
      ...toTopupEntry(r.t),
      userId: r.t.userId,
      customer: r.name || maskPhone(r.phone),
      phone: r.phone,
      receipt: r.t.receiptKey ? { name: '转账凭证', type: '' } : null,
      gatewayTradeNo: r.t.gatewayTradeNo,
      staffName: r.staffName ?? '',
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** The transfer's receipt, for staff reading top-ups. */
export async function adminTopupReceipt(ctx: AppContext, storage: FileStorage, id: number) {
  const row = await topups.findAdminTopup(ctx.db, id);
  const file = row?.t.receiptKey ? await getPrivateFile(storage, row.t.userId, row.t.receiptKey) : undefined;
  if (!file) throw new AppError('NOT_FOUND', '转账凭证不存在');
  return file;
}

export async function adminStatement(ctx: AppContext, q: { userId: number; page: number; pageSize: number }) {
  return prestoreStatement(ctx, q.userId, { page: q.page, pageSize: q.pageSize });
}

export async function saveMoneySettings(ctx: AppContext, caller: StaffCaller, value: MoneySettings, ip: string): Promise<MoneySettings> {
  const parsed = moneySettings.parse(value);
  await saveAuditedSetting(ctx, caller, MONEY_SETTING_KEY, parsed, ip);
  return getMoneySettings(ctx);
}

/**
 * The reconciliation (对账): the ledger checked whole (sums to zero, each
 * entry balances, each owned balance equals its lines, none negative), each
 * gateway's clearing account against the verified callbacks it credited, and
 * the receivables against the institution orders still to settle.
 */
export async function reconcile(ctx: AppContext): Promise<Reconciliation> {
  const whole = await ledger.reconcileLedger(ctx);
  const callbacks = await reconciliation.gatewayCallbackSums(ctx.db);
  const clearing = await reconciliation.gatewayClearingSums(ctx.db);
  const gateways = GATEWAY_NAMES.map((g) => {
    const cb = callbacks.find((c) => c.gateway === g);
    const clearingFen = clearing.get(`gateway:${g}`) ?? 0;
    return {
      gateway: g,
      callbacks: cb?.callbacks ?? 0,
      callbackFen: cb?.callbackFen ?? 0,
      clearingFen,
      matches: clearingFen === -(cb?.callbackFen ?? 0),
    };
  });
  const ledgerFen = -(whole.byKind.find((k) => k.kind === 'receivable')?.sumFen ?? 0);
  const ordersFen = await reconciliation.owedAcrossOrders(ctx.db);
  const receivable = { ledgerFen, ordersFen, matches: ledgerFen === ordersFen };
  const refundsLedger = whole.byKind.find((k) => k.kind === 'refunds')?.sumFen ?? 0;
  const pendingFen = await reconciliation.pendingRefundSum(ctx.db);
  const refunds = { ledgerFen: refundsLedger, pendingFen, matches: refundsLedger === pendingFen };
  const ok =
    whole.sumFen === 0 &&
    !whole.unbalanced.length &&
    !whole.mismatched.length &&
    !whole.negative.length &&
    gateways.every((g) => g.matches) &&
    receivable.matches &&
    refunds.matches;
  return { ...whole, gateways, receivable, refunds, ok, checkedAt: ctx.clock().toISOString() };
}

/**
 * The reconciliation as the metrics' ledger gauges read it (ADR 0056): the
 * unbalanced entries (the check lists at most 100), the owned balances that
 * differ from their lines, and whether everything passed.
 */
export async function ledgerCheck(ctx: AppContext): Promise<LedgerCheck> {
  const r = await reconcile(ctx);
  return { unbalancedEntries: r.unbalanced.length, balanceMismatches: r.mismatched.length, ok: r.ok };
}

/** The reconciliation as a workbook: the checks, the balance of every kind of account. */
export async function reconcileXlsx(ctx: AppContext): Promise<Buffer> {
  const r = await reconcile(ctx);
  const wb = await newWorkbook();
  const checks = wb.addWorksheet('对账结果');
  checks.columns = [
    { header: '检查项', key: 'item', width: 36 },
    { header: '结果', key: 'value', width: 24 },
    { header: '是否通过', key: 'ok', width: 12 },
  ];
  const yuan = (fen: number) => Number((fen / 100).toFixed(2));
  checks.addRow({ item: '对账时间', value: r.checkedAt, ok: '' });
  checks.addRow({ item: '总账借贷合计（元）', value: yuan(r.sumFen), ok: r.sumFen === 0 ? '通过' : '不通过' });
  checks.addRow({ item: '分录数 / 明细行数', value: `${r.entries} / ${r.lines}`, ok: '' });
  checks.addRow({ item: '不平衡分录', value: r.unbalanced.length, ok: r.unbalanced.length ? '不通过' : '通过' });
  checks.addRow({ item: '余额与明细不符的账户', value: r.mismatched.length, ok: r.mismatched.length ? '不通过' : '通过' });
  checks.addRow({ item: '负余额账户', value: r.negative.length, ok: r.negative.length ? '不通过' : '通过' });
  for (const g of r.gateways)
    checks.addRow({
      item: `在线支付清算（${g.gateway}）：回调 ${g.callbacks} 笔`,
      value: `${yuan(g.callbackFen)} / ${yuan(-g.clearingFen)}`,
      ok: g.matches ? '通过' : '不通过',
    });
  checks.addRow({
    item: '应收账款 / 待结算订单（元）',
    value: `${yuan(r.receivable.ledgerFen)} / ${yuan(r.receivable.ordersFen)}`,
    ok: r.receivable.matches ? '通过' : '不通过',
  });
  const kinds = wb.addWorksheet('科目余额');
  kinds.columns = [
    { header: '科目', key: 'name', width: 24 },
    { header: '账户数', key: 'accounts', width: 10 },
    { header: '余额合计（元）', key: 'sum', width: 18 },
  ];
  for (const k of r.byKind) kinds.addRow({ name: LEDGER_ACCOUNT_NAMES[k.kind], accounts: k.accounts, sum: yuan(k.sumFen) });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// ---- refunds -------------------------------------------------------------------------------

const refundOf = (r: NonNullable<Awaited<ReturnType<typeof repo.findRefundView>>>): AdminRefund => ({
  id: r.r.id,
  orderId: r.r.orderId,
  orderNo: r.orderNo,
  userId: r.r.userId,
  customer: r.name || maskPhone(r.phone),
  amountFen: r.r.amountFen,
  state: r.r.state,
  reason: r.r.reason,
  note: r.r.note,
  staffName: r.staffName ?? '',
  createdAt: r.r.createdAt.toISOString(),
  refundedAt: r.r.refundedAt ? r.r.refundedAt.toISOString() : null,
});

export async function adminRefunds(
  ctx: AppContext,
  q: { page: number; pageSize: number; state?: AdminRefund['state'] | undefined },
): Promise<Page<AdminRefund>> {
  const { rows, total } = await repo.listRefunds(ctx.db, q.state, q.pageSize, (q.page - 1) * q.pageSize);
  return { list: rows.map(refundOf), total, page: q.page, pageSize: q.pageSize };
}

/**
 * 批准退款 (REFUND_TRANSITIONS.approve, prestore.confirm): what the cancelled
 * order paid moves from refunds payable to the customer's balance; the
 * order's timeline says so, the audit log keeps the move, and the order's
 * invoices are reversed (红冲) or closed — one transaction, once per key.
 */
export async function approveRefund(
  ctx: AppContext,
  caller: StaffCaller,
  body: { id: number; note?: string | undefined; idempotencyKey: string },
  ip: string,
): Promise<AdminRefund> {
  const { idempotencyKey, ...rest } = body;
  return ledger.once(ctx, { staffId: caller.id }, idempotencyKey, 'refund/approve', rest, async (t) => {
    const row = await refundMachine.move(t, { kind: 'staff', caller, ip }, body.id, 'approve', {
      note: body.note ?? '',
      set: { note: body.note?.trim() ?? '', staffId: caller.id },
    });
    const order = await repo.findOrderRow(t.db, row.orderId);
    if (!order) throw new AppError('NOT_FOUND', '订单不存在');
    await ledger.postEntry(t, {
      kind: 'refund',
      memo: `订单 ${order.no} 取消退款${row.reason ? `（${row.reason}）` : ''}`,
      userId: row.userId,
      orderId: row.orderId,
      staffId: caller.id,
      lines: [
        { account: { kind: 'refunds' }, amountFen: -row.amountFen },
        { account: ledger.prestoreOf(row.userId), amountFen: row.amountFen },
      ],
    });
    await recordOrderEvent(
      t,
      refundMachine.actorFor({ kind: 'staff', caller }, 'approve'),
      order,
      'refund',
      `${formatFen(row.amountFen)} 已退回预存余额`,
    );
    const view = await repo.findRefundView(t.db, row.id);
    if (!view) throw new Error('refund vanished');
    return refundOf(view);
  });
}
