// Finance's room (issue 10, ADR 0050): top-ups by transfer, customers'
// statements, the money settings and the daily reconciliation with its .xlsx.
import ExcelJS from 'exceljs';
import { GATEWAY_NAMES, LEDGER_ACCOUNT_NAMES } from '@yance/contracts/ledger';
import type { Page } from '@yance/contracts/paging';
import { REFUND_STATE_NAMES, REFUND_TRANSITIONS } from '@yance/contracts/ledger';
import { moneySettings, type AdminRefund, type AdminTopup, type MoneySettings, type Reconciliation } from '@yance/contracts/prestore';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LedgerCheck } from '../../lib/metrics.ts';
import { recordStateMove, type Actor } from '../audit/audit.service.ts';
import { reverseInvoicesOfOrder } from '../invoice/invoice.service.ts';
import { recordOrderEvent } from '../order/order-api.service.ts';
import * as ledger from '../ledger/ledger.service.ts';
import { getPrivateFile } from '../media/private-file.service.ts';
import type { FileStorage } from '../media/storage.service.ts';
import { saveAuditedSetting } from '../setting/setting-admin.service.ts';
import * as repo from './payment.repository.ts';
import { getMoneySettings, MONEY_SETTING_KEY, prestoreStatement, toTopupEntry } from './payment.service.ts';

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
  const { rows, total } = await repo.listAdminTopups(ctx.db, q, q.pageSize, (q.page - 1) * q.pageSize);
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
  const row = await repo.findAdminTopup(ctx.db, id);
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
  const callbacks = await repo.gatewayCallbackSums(ctx.db);
  const clearing = await repo.gatewayClearingSums(ctx.db);
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
  const ordersFen = await repo.owedAcrossOrders(ctx.db);
  const receivable = { ledgerFen, ordersFen, matches: ledgerFen === ordersFen };
  const refundsLedger = whole.byKind.find((k) => k.kind === 'refunds')?.sumFen ?? 0;
  const pendingFen = await repo.pendingRefundSum(ctx.db);
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
  const wb = new ExcelJS.Workbook();
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
    const row = await repo.lockRefund(t.db, body.id);
    if (!row) throw new AppError('NOT_FOUND', '退款不存在');
    const tr = REFUND_TRANSITIONS.approve;
    if (!(tr.from as readonly string[]).includes(row.state))
      throw new AppError('CONFLICT', `该退款当前为「${REFUND_STATE_NAMES[row.state]}」，不能${tr.label}`);
    const at = t.clock();
    const moved = await repo.markRefunded(t.db, row.id, { note: body.note?.trim() ?? '', staffId: caller.id, refundedAt: at });
    if (!moved) throw new AppError('CONFLICT', '退款已被处理，请刷新后重试');
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
    const actor: Actor = { kind: 'staff', id: caller.id, name: caller.name };
    await recordOrderEvent(t, actor, order, 'refund', `¥${(row.amountFen / 100).toFixed(2)} 已退回预存余额`);
    await recordStateMove(t, {
      actor,
      objectType: 'refund',
      objectId: row.id,
      action: 'approve',
      from: row.state,
      to: tr.to,
      note: body.note?.trim() ?? '',
      ip,
    });
    await reverseInvoicesOfOrder(t, row.orderId, '订单取消退款');
    const view = await repo.findRefundView(t.db, row.id);
    if (!view) throw new Error('refund vanished');
    return refundOf(view);
  });
}
