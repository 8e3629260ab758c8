// Prestore, top-ups, paying and settling orders (issue 10, ADR 0050). Every
// movement goes through the ledger's postEntry in the same transaction as the
// change it pays for; every call that moves money runs once per idempotency key.
import { TOPUP_TRANSITIONS, type GatewayKey, type TopupAction, type TopupTransition } from '@yance/contracts/ledger';
import { canLeave, type OrderAction } from '@yance/contracts/order-states';
import {
  bonusOf,
  DEFAULT_MONEY_SETTINGS,
  moneySettings,
  type Assets,
  type DueOrder,
  type GroupFunds,
  type MoneySettings,
  type PayResult,
  type PrestoreInfo,
  type StatementBody,
  type PayOnlineBody,
  type TopupAddBody,
  type TopupAddResponse,
  type TopupEntry,
  type TopupListEntry,
} from '@yance/contracts/prestore';
import { chinaToday } from '@yance/contracts/sampling-rules';
import { localInfo } from '@yance/contracts/setting';
import { can, type Permission } from '@yance/contracts/staff';
import type { Page } from '@yance/contracts/paging';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, recordStateMove, SYSTEM, type Actor } from '../audit/audit.service.ts';
import * as ledger from '../ledger/ledger.service.ts';
import { getPrivateFile } from '../media/private-file.service.ts';
import type { FileStorage } from '../media/storage.service.ts';
import { customerMover, lockCustomerOrder, moveOrder, recordOrderEvent, type Mover, type OrderRow } from '../order/order-api.service.ts';
import { getSettingValue } from '../setting/setting.service.ts';
import { groupForReader, joinedClusters, lockGroupForMoney, spendFromLimit } from '../cluster/cluster.service.ts';
import { GatewaySignatureError, type CallbackInput, type PaymentGateway } from './gateway.ts';
import { isLocalGateway } from './local-gateway.ts';
import { enqueue, type JobHandlers } from '../job/job.service.ts';
import { couponAssets, earnPoints, giveBackDiscount } from '../coupon/coupon.service.ts';
import { rewardInviterOnPaid } from '../invite/invite.service.ts';
import { afterOrderMovePromotion, walletAssets } from '../promotion/promotion.service.ts';
import { remindOverdue } from '../notify/notify.service.ts';
import * as repo from './payment.repository.ts';
import type { OrderMoneyRow, RefundRow, TopupRow } from './payment.repository.ts';

export const MONEY_SETTING_KEY = 'money';
const SHOP_NAME = '研测科研检测服务平台';

/** The money settings finance saved, else product.md's defaults. */
export async function getMoneySettings(ctx: AppContext): Promise<MoneySettings> {
  const parsed = moneySettings.safeParse(await getSettingValue(ctx, MONEY_SETTING_KEY));
  return parsed.success ? parsed.data : DEFAULT_MONEY_SETTINGS;
}

/** The gateways this app offers, by name (built once per app from PAYMENT_GATEWAYS). */
export type Gateways = ReadonlyMap<GatewayKey, PaymentGateway>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const yuan = (fen: number) => (fen / 100).toFixed(2);

export const toTopupEntry = (t: TopupRow): TopupEntry => ({
  id: t.id,
  no: t.no,
  method: t.method,
  gateway: t.gateway,
  amountFen: t.amountFen,
  bonusFen: t.bonusFen,
  state: t.state,
  payer: t.payer,
  wantInvoice: t.wantInvoice,
  payOrderIds: t.payOrderIds,
  note: t.note,
  createdAt: t.createdAt.toISOString(),
  creditedAt: iso(t.creditedAt),
});

// ---- prestore ------------------------------------------------------------------------------

export async function prestoreInfo(ctx: AppContext, gateways: Gateways, userId: number): Promise<PrestoreInfo> {
  const s = await getMoneySettings(ctx);
  const local = localInfo.safeParse(await getSettingValue(ctx, 'localInfo'));
  return {
    balanceFen: await ledger.balanceOf(ctx, ledger.prestoreOf(userId)),
    minFen: s.prestoreMinFen,
    bonusTiers: s.bonusTiers,
    gateways: [...gateways.keys()],
    bank: { company: (local.success && local.data.company) || SHOP_NAME, bankName: s.bankName, bankAccount: s.bankAccount },
    pendingTopups: await repo.countPendingTopups(ctx.db, userId),
  };
}

/** The China-time day [from, to] as instants. */
export const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
export const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

export async function prestoreStatement(ctx: AppContext, userId: number, q: StatementBody) {
  const { rows, total } = await ledger.statementOf(ctx, ledger.prestoreOf(userId), {
    kinds: q.kind ? [q.kind] : undefined,
    from: q.from ? dayStart(q.from) : undefined,
    to: q.to ? dayAfter(q.to) : undefined,
    page: q.page,
    size: q.pageSize,
  });
  return {
    list: rows.map(ledger.statementLine),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

// ---- top-ups -------------------------------------------------------------------------------

/** TU + China day + the row id, six digits at least: unique, and what the gateway names back. */
const topupNo = (id: number, at: Date) => `TU${chinaToday(at).replaceAll('-', '')}${String(id).padStart(6, '0')}`;

/**
 * prestore/add: a top-up of at least the minimum, its tier's bonus fixed now.
 * Online: the trade starts at the gateway (outside the transaction; a repeat
 * of the request starts the same trade again). Transfer: the payer and the
 * receipt wait for finance.
 */
export async function addTopup(
  ctx: AppContext,
  deps: TradeDeps,
  userId: number,
  body: TopupAddBody,
  ip: string,
): Promise<TopupAddResponse> {
  const s = await getMoneySettings(ctx);
  if (body.amountFen < s.prestoreMinFen) throw new AppError('INVALID', `[充值金额]不能低于¥${yuan(s.prestoreMinFen)}`);
  const gateway = body.method === 'online' ? deps.gateways.get(body.gateway as GatewayKey) : undefined;
  if (body.method === 'online' && !gateway) throw new AppError('INVALID', '暂不支持该支付方式');
  if (body.method === 'transfer' && !(await getPrivateFile(deps.storage, userId, body.receiptId ?? '')))
    throw new AppError('INVALID', '[转账凭证]已失效，请重新上传');
  const { idempotencyKey, ...rest } = body;
  const row = await ledger.once(ctx, { userId }, idempotencyKey, 'prestore/add', rest, (t) =>
    insertTopup(t, userId, ip, s, {
      method: body.method,
      gateway: gateway?.name ?? null,
      amountFen: body.amountFen,
      bonusFen: bonusOf(body.amountFen, s.bonusTiers) as TopupRow['bonusFen'],
      payer: body.payer ?? '',
      receiptKey: body.receiptId ?? '',
      wantInvoice: body.wantInvoice,
    }),
  );
  return { topup: row, start: gateway ? await startTrade(ctx, deps, gateway, row, s) : null };
}

/**
 * pay/online (待付款 → 在线支付): one online trade of exactly what the order
 * needs now, marked to pay it; when the gateway's callback credits it, the
 * order is paid from the balance in the same transaction (moveTopup). No
 * prestore minimum and no tier bonus: it pays an order, it is not a top-up.
 */
export async function payOnline(
  ctx: AppContext,
  deps: TradeDeps,
  userId: number,
  body: PayOnlineBody,
  ip: string,
): Promise<TopupAddResponse> {
  const s = await getMoneySettings(ctx);
  const gateway = deps.gateways.get(body.gateway);
  if (!gateway) throw new AppError('INVALID', '暂不支持该支付方式');
  const { idempotencyKey, ...rest } = body;
  const row = await ledger.once(ctx, { userId }, idempotencyKey, 'pay/online', rest, async (t) => {
    const order = await lockCustomerOrder(t, await customerMover(t, userId, ip), body.orderId);
    const [m] = await repo.orderMoney(t.db, [order.id]);
    const due = m && m.state !== 'unsettled' && m.state !== 'overdue' ? dueOf(m) : 0;
    if (due <= 0) throw new AppError('CONFLICT', '该订单当前无需支付');
    return insertTopup(t, userId, ip, s, {
      method: 'online',
      gateway: gateway.name,
      amountFen: due as TopupRow['amountFen'],
      bonusFen: 0 as TopupRow['bonusFen'],
      payOrderIds: [order.id],
    });
  });
  return { topup: row, start: await startTrade(ctx, deps, gateway, row, s) };
}

interface TradeDeps {
  gateways: Gateways;
  storage: FileStorage;
  origin: string;
}

/** A new top-up, numbered and audited, in t's transaction. */
async function insertTopup(
  t: AppContext,
  userId: number,
  ip: string,
  s: MoneySettings,
  fields: Pick<repo.NewTopupRow, 'method' | 'gateway' | 'amountFen' | 'bonusFen'> & Partial<repo.NewTopupRow>,
): Promise<TopupEntry> {
  const at = t.clock();
  const created = await repo.insertTopup(t.db, {
    ...fields,
    no: `TU-${userId}-${at.getTime()}-${Math.random().toString(36).slice(2)}`,
    userId,
    state: 'pending',
    expiresAt: fields.method === 'online' ? new Date(at.getTime() + s.tradeMinutes * 60_000) : null,
    createdAt: at,
  });
  const numbered = await repo.setTopupNo(t.db, created.id, topupNo(created.id, at));
  await recordAudit(t, {
    actor: await customerActor(t, userId),
    action: 'topup.add',
    objectType: 'topup',
    objectId: numbered.id,
    changes: {
      amountFen: [null, numbered.amountFen],
      method: [null, numbered.method],
      bonusFen: [null, numbered.bonusFen],
      ...(numbered.payOrderIds.length ? { payOrderIds: [null, numbered.payOrderIds] } : {}),
    },
    ip,
  });
  return toTopupEntry(numbered);
}

/** What a trade is for, as its gateway shows it, and the page the customer comes back to. */
const tradeFacts = (t: Pick<TopupEntry, 'no' | 'payOrderIds'>) =>
  t.payOrderIds.length
    ? { subject: '研测订单支付', returnTo: `/member/unpaid?topup=${t.no}` }
    : { subject: '研测预存充值', returnTo: `/member/prestore?topup=${t.no}` };

/** Starts (or, for a repeated request, starts again) a pending online top-up's trade at its gateway, outside any transaction. */
async function startTrade(ctx: AppContext, deps: TradeDeps, gateway: PaymentGateway, row: TopupEntry, s: MoneySettings) {
  if (row.state !== 'pending') return null;
  const stored = await repo.findTopupByNo(ctx.db, row.no);
  const { subject, returnTo } = tradeFacts(row);
  return gateway.start({
    outTradeNo: row.no,
    amountFen: row.amountFen,
    subject,
    notifyUrl: `${deps.origin}/api/open/pay/notify/${gateway.name}`,
    returnUrl: `${deps.origin}${returnTo}`,
    expiresAt: stored?.expiresAt ?? new Date(ctx.clock().getTime() + s.tradeMinutes * 60_000),
  });
}

async function customerActor(t: AppContext, userId: number): Promise<Actor> {
  const m = await customerMover(t, userId);
  return { kind: 'customer', id: userId, name: m.name };
}

type TopupMover =
  { kind: 'customer'; userId: number; ip: string } | { kind: 'staff'; caller: StaffCaller; ip: string } | { kind: 'system' };

const mayMoveTopup = (mover: TopupMover, t: TopupTransition) =>
  t.by.some((who) =>
    'customer' in who
      ? mover.kind === 'customer'
      : 'system' in who
        ? mover.kind === 'system'
        : mover.kind === 'staff' && can(mover.caller.roles, who.permission as Permission),
  );

/**
 * The one writer of a top-up's state (ADR 0050): the table's from, method and
 * actor, a compare-and-set, the audit row — and on pay/confirm the credit
 * (and the tier's bonus as its own line) — all in t's transaction. The row must be locked by the caller.
 */
async function moveTopup(
  t: AppContext,
  mover: TopupMover,
  row: TopupRow,
  action: TopupAction,
  extra: { note?: string; gatewayTradeNo?: string; callback?: unknown } = {},
): Promise<TopupRow> {
  const tr: TopupTransition = TOPUP_TRANSITIONS[action];
  if (!mayMoveTopup(mover, tr)) throw new AppError('FORBIDDEN', '您没有权限执行此操作');
  if (!tr.methods.includes(row.method) || !tr.from.includes(row.state))
    throw new AppError(
      'CONFLICT',
      `该充值单当前为「${row.state === 'credited' ? '已到账' : row.state === 'rejected' ? '已驳回' : row.state === 'closed' ? '已关闭' : '待到账'}」，不能${tr.label}`,
    );
  const note = extra.note?.trim() ?? '';
  if (tr.note === 'required' && !note) throw new AppError('INVALID', '[驳回原因]不能为空');
  const at = t.clock();
  const credited = tr.to === 'credited';
  const moved = await repo.moveTopup(t.db, row.id, row.state, {
    state: tr.to,
    note: note || row.note,
    staffId: mover.kind === 'staff' ? mover.caller.id : row.staffId,
    creditedAt: credited ? at : row.creditedAt,
    gatewayTradeNo: extra.gatewayTradeNo ?? row.gatewayTradeNo,
    callback: (extra.callback as TopupRow['callback']) ?? row.callback,
  });
  if (!moved) throw new AppError('CONFLICT', '充值单已被处理，请刷新后重试');
  // The orders a trade pays are locked before the balance, as pay/order locks them (one lock order, no deadlock).
  if (credited && row.payOrderIds.length) {
    const owner = await customerMover(t, row.userId);
    for (const orderId of row.payOrderIds) await lockCustomerOrder(t, owner, orderId);
  }
  // 申请开票 ticked: the application follows in its own transaction (the invoice.topup job), with the customer's lock.
  if (credited && row.wantInvoice && row.payOrderIds.length === 0)
    await enqueue(t, 'invoice.topup', { topupId: row.id }, { dedupeKey: `invoice.topup:${row.id}` });
  if (credited) {
    const source: ledger.AccountRef = row.method === 'online' ? { kind: 'gateway', name: row.gateway ?? 'local' } : { kind: 'bank' };
    const staffId = mover.kind === 'staff' ? mover.caller.id : null;
    await ledger.postEntry(t, {
      kind: 'topup',
      memo: `${row.method === 'online' ? '在线充值' : '对公转账充值'} ${row.no}`,
      userId: row.userId,
      topupId: row.id,
      staffId,
      lines: [
        { account: source, amountFen: -row.amountFen },
        { account: ledger.prestoreOf(row.userId), amountFen: row.amountFen },
      ],
    });
    if (row.bonusFen > 0)
      await ledger.postEntry(t, {
        kind: 'topupBonus',
        memo: `充值赠送 ${row.no}`,
        userId: row.userId,
        topupId: row.id,
        staffId,
        lines: [
          { account: { kind: 'bonus' }, amountFen: -row.bonusFen },
          { account: ledger.prestoreOf(row.userId), amountFen: row.bonusFen },
        ],
      });
  }
  if (credited) t.afterCommit(() => t.metrics.paymentMade(row.method === 'online' ? 'topup_online' : 'topup_transfer'));
  if (credited) for (const orderId of row.payOrderIds) await payFromTrade(t, row, orderId);
  const actor: Actor =
    mover.kind === 'system'
      ? SYSTEM
      : mover.kind === 'staff'
        ? { kind: 'staff', id: mover.caller.id, name: mover.caller.name }
        : await customerActor(t, mover.userId);
  await recordStateMove(t, {
    actor,
    objectType: 'topup',
    objectId: row.id,
    action,
    from: row.state,
    to: tr.to,
    note,
    ip: mover.kind === 'system' ? '' : mover.ip,
  });
  return moved;
}

/** prestore/close: the customer closes a pending top-up (an online trade they will not pay, a transfer sent by mistake). */
export async function closeTopup(ctx: AppContext, userId: number, id: number, ip: string): Promise<TopupEntry> {
  return ctx.tx(async (t) => {
    const row = await repo.lockTopup(t.db, id);
    if (!row || row.userId !== userId) throw new AppError('NOT_FOUND', '充值单不存在');
    return toTopupEntry(await moveTopup(t, { kind: 'customer', userId, ip }, row, 'close'));
  });
}

/** 充值记录: the customer's top-ups; a pending trade of the local gateway carries its cashier page's address (去支付). */
export async function listTopups(
  ctx: AppContext,
  gateways: Gateways,
  userId: number,
  q: { page: number; pageSize: number; state?: TopupRow['state'] | undefined },
): Promise<Page<TopupListEntry>> {
  const { rows, total } = await repo.listUserTopups(ctx.db, userId, q.state, q.pageSize, (q.page - 1) * q.pageSize);
  const local = gateways.get('local');
  const payUrlOf = (t: TopupRow) =>
    local && isLocalGateway(local) && t.method === 'online' && t.gateway === 'local' && t.state === 'pending' ? local.pagePath(t.no) : null;
  return { list: rows.map((t) => ({ ...toTopupEntry(t), payUrl: payUrlOf(t) })), total, page: q.page, pageSize: q.pageSize };
}

/**
 * A gateway's callback (POST /api/open/pay/notify/:gateway): verified by the
 * gateway's provider, then the top-up is credited once — a second callback
 * for a credited top-up changes nothing, and a callback whose amount differs
 * from the trade's credits nothing and is logged for finance. Answers whether
 * the gateway may stop retrying.
 */
export async function handleCallback(
  ctx: AppContext,
  gateway: PaymentGateway,
  input: CallbackInput,
): Promise<{ ok: boolean; topup?: TopupRow }> {
  let notice;
  try {
    notice = await gateway.verifyCallback(input);
  } catch (e) {
    if (e instanceof GatewaySignatureError) {
      ctx.log.warn({ gateway: gateway.name, err: e.message }, 'payment callback refused');
      return { ok: false };
    }
    throw e;
  }
  if (!notice) return { ok: true };
  const result = await ctx.tx(async (t) => {
    const row = await repo.lockTopupByNo(t.db, notice.outTradeNo);
    if (!row || row.method !== 'online' || row.gateway !== gateway.name) {
      ctx.log.error({ gateway: gateway.name, outTradeNo: notice.outTradeNo }, 'payment callback for an unknown trade');
      return { ok: false };
    }
    if (row.state === 'credited') return { ok: true, topup: row };
    if (notice.amountFen !== row.amountFen) {
      ctx.log.error({ topup: row.no, expected: row.amountFen, got: notice.amountFen }, 'payment callback amount differs from the trade');
      return { ok: false };
    }
    const moved = await moveTopup(t, { kind: 'system' }, row, 'pay', {
      gatewayTradeNo: notice.gatewayTradeNo,
      callback: { ...notice, at: t.clock().toISOString() },
    });
    return { ok: true, topup: moved };
  });
  return result;
}

/**
 * The local payment page's facts: the trade and its signed callback (GET
 * /api/open/pay/local). Only with the page's key (its address from start or
 * the customer's list): a trade number alone answers as if there were none.
 */
export async function localTradeInfo(ctx: AppContext, gateway: PaymentGateway, no: string, key: string) {
  if (!isLocalGateway(gateway) || !gateway.isPageKey(no, key)) throw new AppError('NOT_FOUND', '支付单不存在');
  const row = await repo.findTopupByNo(ctx.db, no);
  if (!row || row.gateway !== 'local' || row.method !== 'online') throw new AppError('NOT_FOUND', '支付单不存在');
  return {
    no: row.no,
    amountFen: row.amountFen,
    ...tradeFacts(row),
    state: row.state,
    expiresAt: iso(row.expiresAt),
    callback: row.state === 'pending' || row.state === 'closed' ? gateway.signedCallback(row.no, row.amountFen) : null,
  };
}

// ---- console: transfers --------------------------------------------------------------------

export async function answerTransfer(
  ctx: AppContext,
  caller: StaffCaller,
  action: 'confirm' | 'reject',
  body: { id: number; note?: string | undefined; idempotencyKey: string },
  ip: string,
): Promise<TopupEntry> {
  const { idempotencyKey, ...rest } = body;
  return ledger.once(ctx, { staffId: caller.id }, idempotencyKey, `topup/${action}`, rest, async (t) => {
    const row = await repo.lockTopup(t.db, body.id);
    if (!row) throw new AppError('NOT_FOUND', '充值单不存在');
    return toTopupEntry(await moveTopup(t, { kind: 'staff', caller, ip }, row, action, { note: body.note ?? '' }));
  });
}

// ---- orders: what is due, paying, settling -------------------------------------------------

const finalOf = (m: OrderMoneyRow) => (m.totalFen ?? 0) + m.adjustFen;

/** An enterprise order in these states has been prepaid: a price adjustment settles against what it paid. */
const PREPAID_STATES: readonly OrderRow['state'][] = ['awaitingSample', 'awaitingPickup', 'received', 'testing', 'delivered', 'completed'];

/**
 * The one place an order's bill is split (ADR 0053): of what is billed now
 * (revenue gets all of it), the coupon and then the points the order holds
 * cover what they have not covered yet, and the customer pays the rest.
 */
export function splitBill(m: OrderMoneyRow, billFen: number): { payFen: number; couponFen: number; pointsFen: number } {
  const bill = Math.max(0, billFen);
  const couponFen = Math.min(bill, Math.max(0, m.couponFen - m.couponPostedFen));
  const pointsFen = Math.min(bill - couponFen, Math.max(0, m.pointsFen - m.pointsPostedFen));
  return { payFen: bill - couponFen - pointsFen, couponFen, pointsFen };
}

/** The ledger lines of a bill: the payer's part from `source`, the deductions on their expense accounts, revenue the whole. */
function billLines(source: ledger.AccountRef, bill: number, split: ReturnType<typeof splitBill>) {
  return [
    { account: source, amountFen: -split.payFen },
    { account: { kind: 'coupon' } as ledger.AccountRef, amountFen: -split.couponFen },
    { account: { kind: 'points' } as ledger.AccountRef, amountFen: -split.pointsFen },
    { account: { kind: 'revenue' } as ledger.AccountRef, amountFen: bill },
  ];
}

/** What the order's final amount still bills (revenue not yet booked). */
const unbilledOf = (m: OrderMoneyRow) => Math.max(0, finalOf(m) - m.revenueFen);

/** What the customer pays now: 待付款 the rest of its final amount less its coupon and points; 待结算/欠款中 what is still owed. */
export function dueOf(m: OrderMoneyRow): number {
  if (m.state === 'unpaid') return splitBill(m, unbilledOf(m)).payFen;
  // A 补差价 on a prepaid order (the lab raised the final amount after it was paid): paid like an order.
  if (m.kind === 'enterprise' && PREPAID_STATES.includes(m.state)) return splitBill(m, unbilledOf(m)).payFen;
  if (m.state === 'unsettled' || m.state === 'overdue') return Math.max(0, m.owedFen);
  return 0;
}

export async function dueOrders(ctx: AppContext, userId: number, tab: 'unpaid' | 'unsettled') {
  const s = await getMoneySettings(ctx);
  const rows = (
    await repo.userOrdersInStates(ctx.db, userId, tab === 'unpaid' ? ['unpaid', ...PREPAID_STATES] : ['unsettled', 'overdue'])
  ).filter(
    // 待付款 lists every order waiting for prepayment, and a prepaid one only while a 补差价 is due.
    (r) => r.state === 'unpaid' || r.state === 'unsettled' || r.state === 'overdue' || dueOf(r) > 0,
  );
  const list: DueOrder[] = rows.map((r) => ({
    id: r.id,
    no: r.no,
    state: r.state,
    kind: r.kind,
    title: r.title,
    finalFen: finalOf(r) as DueOrder['finalFen'],
    paidFen: r.revenueFen - r.owedFen,
    dueFen: dueOf(r) as DueOrder['dueFen'],
    since: r.since.toISOString(),
    dueDate: tab === 'unsettled' ? chinaToday(new Date(r.since.getTime() + s.settleDueDays * 86_400_000)) : null,
  }));
  return {
    list,
    totalDueFen: list.reduce((n, o) => n + o.dueFen, 0),
    balanceFen: await ledger.balanceOf(ctx, ledger.prestoreOf(userId)),
  };
}

/** Runs the move with the order's money read under its lock (moveOrder's apply), posting what `post` answers. */
async function moveWithMoney(
  t: AppContext,
  mover: Mover,
  orderId: number,
  action: OrderAction,
  post: (m: OrderMoneyRow) => { posting: ledger.Posting; paidFen: number } | null,
  locked?: OrderRow,
) {
  let posted = 0;
  await moveOrder(t, mover, orderId, action, {
    locked,
    apply: async (t2: AppContext, order: OrderRow) => {
      const [m] = await repo.orderMoney(t2.db, [order.id]);
      if (!m) throw new AppError('NOT_FOUND', '订单不存在');
      const p = post(m);
      if (p) {
        await ledger.postEntry(t2, p.posting);
        posted = p.paidFen;
        // Points are earned on what the customer paid (ADR 0053), in the payment's transaction.
        if (p.paidFen > 0) await earnPoints(t2, mover.kind === 'customer' ? mover.userId : m.userId, m.id, p.paidFen);
      }
      return {};
    },
  });
  return posted;
}

/**
 * pay/order: a 待付款 order paid in full from the customer's balance (its
 * `pay` move), or the 补差价 of a prepaid order (no move: a timeline event
 * 支付补差价 and the audit row, under the order's lock).
 */
export async function payOrder(
  ctx: AppContext,
  userId: number,
  body: { orderId: number; idempotencyKey: string },
  ip: string,
): Promise<PayResult> {
  const { idempotencyKey, ...rest } = body;
  return ledger.once(ctx, { userId }, idempotencyKey, 'pay/order', rest, async (t) => ({
    orderIds: [body.orderId],
    paidFen: (await payFromBalance(t, userId, body.orderId, ip)) as PayResult['paidFen'],
    balanceFen: await ledger.balanceOf(t, ledger.prestoreOf(userId)),
  }));
}

/** Pays what the customer's order needs now from their balance, in t's transaction: the `pay` move, or a 补差价. */
async function payFromBalance(t: AppContext, userId: number, orderId: number, ip: string): Promise<number> {
  const mover = await customerMover(t, userId, ip);
  const order = await lockCustomerOrder(t, mover, orderId);
  if (order.state === 'unpaid') {
    const paid = await moveWithMoney(
      t,
      mover,
      orderId,
      'pay',
      (m) => {
        const bill = unbilledOf(m);
        return bill > 0 ? payPosting('orderPay', `订单 ${m.no} 付款`, userId, m, bill) : null;
      },
      order,
    );
    await rewardInviterOnPaid(t, userId, orderId);
    t.afterCommit(() => t.metrics.paymentMade('order'));
    return paid;
  }
  const [m] = await repo.orderMoney(t.db, [order.id]);
  const due = m ? dueOf(m) : 0;
  if (!m || due <= 0 || m.state === 'unsettled' || m.state === 'overdue') throw new AppError('CONFLICT', '该订单当前无需支付');
  const reason = (await repo.lastAdjustmentReason(t.db, order.id)) ?? '';
  const p = payPosting('adjustPay', `订单 ${m.no} 补差价${reason ? `（${reason}）` : ''}`, userId, m, unbilledOf(m));
  await ledger.postEntry(t, p.posting);
  await earnPoints(t, userId, m.id, p.paidFen);
  const actor: Actor = { kind: 'customer', id: userId, name: mover.name };
  await recordOrderEvent(t, actor, order, 'adjustPay', `¥${yuan(due)}`);
  await recordAudit(t, {
    actor,
    action: 'order.adjustPay',
    objectType: 'order',
    objectId: order.id,
    changes: { paidFen: [null, due] },
    ip,
  });
  t.afterCommit(() => t.metrics.paymentMade('order'));
  return due;
}

/**
 * An online trade for an order (pay/online) credited: the order is paid from
 * the balance now, in the credit's transaction (which holds the balance's row
 * lock since the credit). An order paid, cancelled or repriced meanwhile so
 * that the credit no longer covers it is left alone; the money stays in the balance.
 */
async function payFromTrade(t: AppContext, row: TopupRow, orderId: number): Promise<void> {
  const [m] = await repo.orderMoney(t.db, [orderId]);
  if (!m || m.userId !== row.userId || m.state === 'unsettled' || m.state === 'overdue') return;
  const due = dueOf(m);
  if (due <= 0 || due > (await ledger.balanceOf(t, ledger.prestoreOf(row.userId)))) return;
  await payFromBalance(t, row.userId, orderId, '');
}

/** A bill paid from the customer's balance: the split's part from prestore, the deductions, revenue the whole. */
function payPosting(kind: 'orderPay' | 'adjustPay', memo: string, userId: number, m: OrderMoneyRow, bill: number) {
  const split = splitBill(m, bill);
  const posting: ledger.Posting = { kind, memo, userId, orderId: m.id, lines: billLines(ledger.prestoreOf(userId), bill, split) };
  return { posting, paidFen: split.payFen };
}

/**
 * After the lab's price adjustment (order/adjust, in its transaction, under
 * the order's lock): a prepaid enterprise order whose final amount fell below
 * what it paid gets the difference back to its balance at once (退差价, a
 * timeline event with the reason); one that rose waits in 待付款 for its
 * 补差价. An institution order is billed at 确认数据 with its final amount.
 */
export async function afterAdjustMoney(t: AppContext, order: OrderRow, reason: string, actor: Actor): Promise<void> {
  const [m] = await repo.orderMoney(t.db, [order.id]);
  if (!m || m.kind !== 'enterprise' || m.revenueFen <= 0) return;
  // Never more than the customer's own money in it (the coupon's and points' part is not theirs to take out, ADR 0053).
  const back = Math.min(m.revenueFen - finalOf(m), m.revenueFen - m.couponPostedFen - m.pointsPostedFen);
  if (back <= 0) return;
  await ledger.postEntry(t, {
    kind: 'adjustRefund',
    memo: `订单 ${m.no} 退差价（${reason}）`,
    userId: m.userId,
    orderId: m.id,
    staffId: actor.kind === 'staff' ? actor.id : null,
    lines: [
      { account: { kind: 'revenue' }, amountFen: -back },
      { account: ledger.prestoreOf(m.userId), amountFen: back },
    ],
  });
  await recordOrderEvent(t, actor, order, 'adjustRefund', `¥${yuan(back)} 已退回预存余额`);
}

/**
 * settlement/add: several 待结算 / 欠款中 orders settled at once, all or none:
 * from the personal balance, or from a research group's balance within the
 * member's limit (the group locked first, then the orders in ascending id,
 * so concurrent settlements never deadlock; the spending counted in the same
 * transaction).
 */
export async function settleOrders(
  ctx: AppContext,
  userId: number,
  body: { orderIds: number[]; clusterId?: number | undefined; idempotencyKey: string },
  ip: string,
): Promise<PayResult> {
  const { idempotencyKey, ...rest } = body;
  return ledger.once(ctx, { userId }, idempotencyKey, 'settlement/add', rest, async (t) => {
    const mover = await customerMover(t, userId, ip);
    const fromGroup = body.clusterId === undefined ? null : await lockGroupForMoney(t, userId, body.clusterId);
    const source = fromGroup ? ledger.groupAccountOf(fromGroup.group.id) : ledger.prestoreOf(userId);
    let total = 0;
    for (const id of [...body.orderIds].sort((a, b) => a - b)) {
      total += await moveWithMoney(t, mover, id, 'settle', (m) =>
        m.owedFen > 0
          ? {
              posting: {
                kind: 'settle',
                memo: fromGroup ? `订单 ${m.no} 结算（课题组「${fromGroup.group.name}」，${mover.name}）` : `订单 ${m.no} 结算`,
                userId,
                orderId: m.id,
                lines: [
                  { account: source, amountFen: -m.owedFen },
                  { account: { kind: 'receivable' }, amountFen: m.owedFen },
                ],
              },
              paidFen: m.owedFen,
            }
          : null,
      );
    }
    if (fromGroup && total > 0) await spendFromLimit(t, fromGroup.member, total);
    if (total > 0) await rewardInviterOnPaid(t, userId, Math.min(...body.orderIds));
    if (total > 0) t.afterCommit(() => t.metrics.paymentMade('settlement'));
    return {
      orderIds: body.orderIds,
      paidFen: total as PayResult['paidFen'],
      balanceFen: await ledger.balanceOf(t, source),
    };
  });
}

/** prestore/transfer: the group's owner moves money between their prestore balance and the group's. */
export async function transferGroup(
  ctx: AppContext,
  userId: number,
  body: { clusterId: number; direction: 'in' | 'out'; amountFen: number; idempotencyKey: string },
  ip: string,
) {
  const { idempotencyKey, ...rest } = body;
  return ledger.once(ctx, { userId }, idempotencyKey, 'prestore/transfer', rest, async (t) => {
    const { group, owner } = await lockGroupForMoney(t, userId, body.clusterId);
    if (!owner) throw new AppError('FORBIDDEN', '只有课题组负责人可以转账');
    const into = body.direction === 'in';
    const sign = into ? 1 : -1;
    const posted = await ledger.postEntry(t, {
      kind: into ? 'groupIn' : 'groupOut',
      memo: into ? `转入课题组「${group.name}」` : `课题组「${group.name}」转出至负责人预存`,
      userId,
      lines: [
        { account: ledger.prestoreOf(userId), amountFen: -sign * body.amountFen },
        { account: ledger.groupAccountOf(group.id), amountFen: sign * body.amountFen },
      ],
    });
    await recordAudit(t, {
      actor: await customerActor(t, userId),
      action: `cluster.transfer${into ? 'In' : 'Out'}`,
      objectType: 'cluster',
      objectId: group.id,
      changes: { amountFen: [null, body.amountFen] },
      ip,
    });
    return {
      balanceFen: posted.balances.get(ledger.accountKey(ledger.prestoreOf(userId))) ?? 0,
      groupBalanceFen: posted.balances.get(ledger.accountKey(ledger.groupAccountOf(group.id))) ?? 0,
    };
  });
}

/** cluster/funds: the group's balance, the caller's limit and spending; the owner also reads the group's statement. */
export async function groupFunds(
  ctx: AppContext,
  userId: number,
  q: { clusterId: number; page: number; pageSize: number },
): Promise<GroupFunds> {
  const { group, member, owner } = await groupForReader(ctx, userId, q.clusterId);
  const account = ledger.groupAccountOf(group.id);
  let statement: GroupFunds['statement'] = null;
  if (owner) {
    const { rows, total } = await ledger.statementOf(ctx, account, { page: q.page, size: q.pageSize });
    statement = {
      list: rows.map(ledger.statementLine),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }
  return {
    clusterId: group.id,
    balanceFen: await ledger.balanceOf(ctx, account),
    owner,
    limitFen: member.limitFen,
    spentFen: member.spentFen,
    statement,
  };
}

/**
 * Runs inside moveOrder after a move (ADR 0050): the data confirmed on an
 * institution order bills it to the shop's receivables (settled later from a
 * balance); finance's 确认收款 records the bank transfer that paid it.
 */
export async function afterOrderMoveMoney(
  t: AppContext,
  order: OrderRow,
  action: OrderAction,
  staffId: number | null,
  note = '',
): Promise<void> {
  await moneyOfMove(t, order, action, staffId, note);
  // The promoter's rebate of a payment, its clock at completion, its reversal at a refund (ADR 0055).
  await afterOrderMovePromotion(t, order, action);
}

async function moneyOfMove(t: AppContext, order: OrderRow, action: OrderAction, staffId: number | null, note: string): Promise<void> {
  if (action !== 'confirmData' && action !== 'markPaid' && action !== 'cancel') return;
  const [m] = await repo.orderMoney(t.db, [order.id]);
  if (!m) return;
  if (action === 'confirmData' && order.state === 'unsettled') {
    const bill = unbilledOf(m);
    if (bill > 0)
      await ledger.postEntry(t, {
        kind: 'orderBill',
        memo: `订单 ${m.no} 检测费记账（待结算）`,
        userId: m.userId,
        orderId: m.id,
        lines: billLines({ kind: 'receivable' }, bill, splitBill(m, bill)),
      });
  }
  if (action === 'cancel') {
    // The coupon's and points' fen go back to their accounts; the customer's own part waits in refunds payable.
    const own = m.revenueFen - m.couponPostedFen - m.pointsPostedFen;
    if (m.revenueFen > 0)
      await ledger.postEntry(t, {
        kind: 'refundDue',
        memo: `订单 ${m.no} 取消，待退款`,
        userId: m.userId,
        orderId: m.id,
        staffId,
        lines: [
          { account: { kind: 'revenue' }, amountFen: -m.revenueFen },
          { account: { kind: 'coupon' }, amountFen: m.couponPostedFen },
          { account: { kind: 'points' }, amountFen: m.pointsPostedFen },
          { account: { kind: 'refunds' }, amountFen: own },
        ],
      });
    // A prepaid order cancelled: what it paid waits in refunds payable until finance approves (approveRefund).
    if (own > 0)
      await repo.insertRefund(t.db, {
        orderId: m.id,
        userId: m.userId,
        amountFen: own as RefundRow['amountFen'],
        state: 'pending',
        reason: note,
        createdAt: t.clock(),
      });
    // Its coupon and points come back, what it earned is taken back (ADR 0053).
    await giveBackDiscount(t, SYSTEM, m);
  }
  if (action === 'markPaid') {
    const due = unbilledOf(m);
    if (due > 0) {
      const split = splitBill(m, due);
      await ledger.postEntry(t, {
        kind: 'bankReceipt',
        memo: `订单 ${m.no} 对公转账收款`,
        userId: m.userId,
        orderId: m.id,
        staffId,
        lines: billLines({ kind: 'bank' }, due, split),
      });
      await earnPoints(t, m.userId, m.id, split.payFen);
      t.afterCommit(() => t.metrics.paymentMade('order_transfer'));
    }
    await rewardInviterOnPaid(t, m.userId, m.id);
  }
}

/** Whether an order in this state waits for the customer's money (the order page's 去付款 / 去结算). */
export const waitsForMoney = (state: OrderRow['state']) => canLeave('pay', state) || canLeave('settle', state);

// ---- the hourly sweep ----------------------------------------------------------------------

const SWEEP_BATCH = 500;

/**
 * The money.sweep job (hourly): institution orders in 待结算 longer than the
 * settlement days become 欠款中 (markOverdue: the customer's in-site message
 * and SMS go with the move, ADR 0046), an order 欠款中 is reminded again every
 * overdueRemindDays (message and SMS, once per round), and online trades past
 * their validity close. Each in its own transaction; one the customer settled or paid
 * meanwhile is left as it is.
 */
export async function sweepMoney(ctx: AppContext): Promise<{ overdue: number; reminded: number; closed: number }> {
  const s = await getMoneySettings(ctx);
  const now = ctx.clock();
  let overdue = 0;
  for (const o of await repo.unsettledSince(ctx.db, new Date(now.getTime() - s.settleDueDays * 86_400_000), SWEEP_BATCH)) {
    await moveOrder(ctx, { kind: 'system' }, o.id, 'markOverdue', { expect: 'unsettled', note: `超过结算期限${s.settleDueDays}天` }).then(
      () => overdue++,
      (e: unknown) => {
        if (!(e instanceof AppError && e.kind === 'CONFLICT')) throw e;
      },
    );
  }
  let reminded = 0;
  if (s.overdueRemindDays > 0) {
    for (const o of await repo.overdueToRemind(ctx.db, now, s.overdueRemindDays, SWEEP_BATCH)) {
      await ctx.tx((t) => remindOverdue(t, o, o.round, o.days));
      reminded++;
    }
  }
  let closed = 0;
  for (const id of await repo.expiredPendingTopups(ctx.db, now, SWEEP_BATCH)) {
    await ctx.tx(async (t) => {
      const row = await repo.lockTopup(t.db, id);
      if (row?.state !== 'pending') return;
      await moveTopup(t, { kind: 'system' }, row, 'close', { note: '支付超时，已自动关闭' });
      closed++;
    });
  }
  if (overdue || reminded || closed) ctx.log.info({ overdue, reminded, closed }, 'money sweep');
  if (reminded) ctx.jobs.wake();
  return { overdue, reminded, closed };
}

export const moneyJobs = {
  'money.sweep': async (ctx) => {
    await sweepMoney(ctx);
  },
} satisfies JobHandlers;

// ---- assets -------------------------------------------------------------------------------

/** assets: the member center's money — balance, the groups' balances with the caller's limit, what is due, coupons, points and a promoter's wallet. */
export async function assetsOf(ctx: AppContext, userId: number): Promise<Assets> {
  const joined = (await joinedClusters(ctx, userId, { page: 1, pageSize: 50 })).list.filter((g) => g.mine.state === 'member');
  const balances = await ledger.balancesOf(
    ctx,
    joined.map((g) => ledger.groupAccountOf(g.id)),
  );
  const unpaid = (await dueOrders(ctx, userId, 'unpaid')).list;
  const unsettled = await dueOrders(ctx, userId, 'unsettled');
  return {
    balanceFen: unsettled.balanceFen,
    pendingTopups: await repo.countPendingTopups(ctx.db, userId),
    groups: joined.map((g) => ({
      id: g.id,
      name: g.name,
      owner: g.mine.role === 'owner',
      balanceFen: balances.get(ledger.accountKey(ledger.groupAccountOf(g.id))) ?? 0,
      limitFen: g.limitFen,
      spentFen: g.spentFen,
    })),
    unpaidFen: unpaid.reduce((n, o) => n + o.dueFen, 0),
    unpaidOrders: unpaid.length,
    unsettledFen: unsettled.totalDueFen,
    unsettledOrders: unsettled.list.length,
    overdueFen: unsettled.list.filter((o) => o.state === 'overdue').reduce((n, o) => n + o.dueFen, 0),
    ...(await couponAssets(ctx, userId)),
    wallet: await walletAssets(ctx, userId),
  };
}

/**
 * An institution's credit limit (ADR 0050), checked when an order is sent,
 * under the customer's row lock: while what its 待结算 and 欠款中 orders owe
 * reaches the limit set by its manager, new orders are refused with what to
 * do (the plan keeps its lines; a draft may still be saved).
 */
export async function refuseOverCredit(t: AppContext, userId: number, limitFen: number | null): Promise<void> {
  if (limitFen === null) return;
  const owed = (await repo.userOrdersInStates(t.db, userId, ['unsettled', 'overdue'])).reduce((n, o) => n + Math.max(0, o.owedFen), 0);
  if (owed >= limitFen)
    throw new AppError('CONFLICT', `您的待结算金额 ¥${yuan(owed)} 已达到信用额度 ¥${yuan(limitFen)}，请先在「待结算」中完成结算后再下单`);
}
