// Paying and settling orders (issue 10, ADR 0050): what is due, pay/order (and
// a 补差价) from the balance, an online trade's credit paying its order,
// settlement/add from the balance or a research group's. Every posting runs in
// the order's move or under its lock, once per idempotency key.
import { pointsEarned, type PointsRule } from '@yance/contracts/coupon-states';
import type { OrderAction } from '@yance/contracts/order-states';
import type { DueOrder, PayResult } from '@yance/contracts/prestore';
import { chinaToday } from '@yance/contracts/sampling-rules';
import type { AppContext } from '../../context.ts';
import { inOrder } from '../../db/prepared.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type Actor } from '../audit/index.ts';
import { lockGroupForMoney, spendFromLimit } from '../cluster/index.ts';
import { earnPoints, getPointsSettings } from '../coupon/index.ts';
import * as ledger from '../ledger/index.ts';
import { customerMover, figuresOf, lockOrderForCustomer, moveOrder, recordOrderEvent, type Mover, type OrderRow } from '../order/index.ts';
import { formatFen } from '@yance/contracts/money';
import { ORDER_PAID } from './payment-events.ts';
import { getMoneySettings } from './money-settings.service.ts';
import { billLines, dueOf, PREPAID_STATES, splitBill, unbilledOf } from './order-bill.ts';
import * as repo from './order-money.repository.ts';
import { orderMoney, userOrdersInStates, type OrderMoneyRow } from './order-facts.ts';
import type { TopupRow } from './topup.repository.ts';

export async function dueOrders(ctx: AppContext, userId: number, tab: 'unpaid' | 'unsettled') {
  const s = await getMoneySettings(ctx);
  const rows = (
    await userOrdersInStates(ctx.db, userId, tab === 'unpaid' ? ['unpaid', ...PREPAID_STATES] : ['unsettled', 'overdue'])
  ).filter(
    // 待付款 lists every order waiting for prepayment, and a prepaid one only while a 补差价 is due.
    (r) => r.state === 'unpaid' || r.state === 'unsettled' || r.state === 'overdue' || dueOf(r) > 0,
  );
  const list: DueOrder[] = rows.map((r) => {
    const figures = figuresOf(r);
    return {
      id: r.id,
      no: r.no,
      state: r.state,
      kind: r.kind,
      title: r.title,
      finalFen: (figures.finalFen ?? 0) as DueOrder['finalFen'],
      paidFen: figures.paidFen,
      dueFen: figures.dueFen,
      figures,
      since: r.since.toISOString(),
      dueDate: tab === 'unsettled' ? chinaToday(new Date(r.since.getTime() + s.settleDueDays * 86_400_000)) : null,
    };
  });
  return {
    list,
    totalDueFen: list.reduce((n, o) => n + o.dueFen, 0),
    balanceFen: await ledger.balanceOf(ctx, ledger.prestoreOf(userId)),
  };
}

/** What a posting paid: the payer's part, and the paying account's balance after it (null when nothing was posted). */
interface Paid {
  paidFen: number;
  balanceFen: number | null;
}

/** What a payment read under the order's lock, in one round trip (ADR 0072): its money facts and the points rule. */
interface ReadUnderLock {
  facts: OrderMoneyRow;
  rule: PointsRule;
}

/**
 * Posts and earns the points on what the payer paid — with the rule read beforehand, in one round trip (ADR 0072):
 * the posting's conditional UPDATE refuses a short balance with 409 and the transaction rolls back, points with it.
 */
async function postAndEarn(t: AppContext, b: Bill, userId: number, orderId: number, rule: PointsRule | undefined): Promise<Paid> {
  const balanceOf = (posted: ledger.Posted) => posted.balances.get(ledger.accountKey(b.source)) ?? null;
  // Points are earned on what the customer paid (ADR 0053), in the payment's transaction.
  if (!rule) {
    const posted = await ledger.postEntry(t, b.posting);
    if (b.paidFen > 0) await earnPoints(t, userId, orderId, b.paidFen);
    return { paidFen: b.paidFen, balanceFen: balanceOf(posted) };
  }
  if (b.paidFen <= 0 || pointsEarned(rule, b.paidFen) <= 0)
    return { paidFen: b.paidFen, balanceFen: balanceOf(await ledger.postEntry(t, b.posting)) };
  const [posted] = await inOrder<[ledger.Posted, void]>(t.db, [
    () => ledger.postEntry(t, b.posting),
    () => earnPoints(t, userId, orderId, b.paidFen, rule),
  ]);
  return { paidFen: b.paidFen, balanceFen: balanceOf(posted) };
}

/** A bill to post: the entry, what the payer paid, and the account it is paid from. */
type Bill = { posting: ledger.Posting; paidFen: number; source: ledger.AccountRef };

/** Runs the move with the order's money read under its lock (moveOrder's apply), posting what `post` answers. */
async function moveWithMoney(
  t: AppContext,
  mover: Mover,
  orderId: number,
  action: OrderAction,
  post: (m: OrderMoneyRow) => Bill | null,
  locked?: OrderRow & ReadUnderLock,
): Promise<Paid> {
  let paid: Paid = { paidFen: 0, balanceFen: null };
  await moveOrder(t, mover, orderId, action, {
    locked,
    // With the facts read under the lock already, apply posts at once: the state's compare-and-set rides behind it.
    pipelined: locked !== undefined,
    apply: async (t2: AppContext, order: OrderRow) => {
      const m = locked?.id === order.id ? locked.facts : (await orderMoney(t2.db, [order.id]))[0];
      if (!m) throw new AppError('NOT_FOUND', '订单不存在');
      const p = post(m);
      if (p) paid = await postAndEarn(t2, p, mover.kind === 'customer' ? mover.userId : m.userId, m.id, locked?.rule);
      return {};
    },
  });
  return paid;
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
  // The key's claim, the order's lock, its money facts and the points rule in one round trip (ADR 0072).
  return ledger.onceWith(
    ctx,
    { userId },
    idempotencyKey,
    'pay/order',
    rest,
    (t) => underLock(t, userId, body.orderId, ip),
    async (t, read) => {
      const paid = await payFromBalance(t, userId, body.orderId, ip, read);
      return {
        orderIds: [body.orderId],
        paidFen: paid.paidFen as PayResult['paidFen'],
        // The balance after the payment, as its UPDATE answered (read only when nothing was posted).
        balanceFen: paid.balanceFen ?? (await ledger.balanceOf(t, ledger.prestoreOf(userId))),
      };
    },
  );
}

type Locked = readonly [Awaited<ReturnType<typeof lockOrderForCustomer>>, OrderMoneyRow[], PointsRule];

/**
 * The order locked with the customer as the mover (ADR 0066), then — behind the lock on the wire, so nothing
 * committed before it was granted is missed — its money facts and the points rule: sends for inOrder (ADR 0072).
 */
const underLock = (t: AppContext, userId: number, orderId: number, ip: string) =>
  [() => lockOrderForCustomer(t, userId, orderId, ip), () => orderMoney(t.db, [orderId]), () => getPointsSettings(t)] as const;

/** Pays what the customer's order needs now from their balance, in t's transaction: the `pay` move, or a 补差价. */
async function payFromBalance(t: AppContext, userId: number, orderId: number, ip: string, read?: Locked): Promise<Paid> {
  const [{ mover, order }, [m], rule] = read ?? (await inOrder<Locked>(t.db, underLock(t, userId, orderId, ip)));
  if (!m) throw new AppError('NOT_FOUND', '订单不存在');
  if (order.state === 'unpaid') {
    const paid = await moveWithMoney(
      t,
      mover,
      orderId,
      'pay',
      (f) => {
        const bill = unbilledOf(f);
        return bill > 0 ? payPosting('orderPay', `订单 ${f.no} 付款`, userId, f, bill) : null;
      },
      { ...order, facts: m, rule },
    );
    await t.emit(ORDER_PAID, { userId, orderId });
    t.afterCommit(() => t.metrics.paymentMade('order'));
    return paid;
  }
  const due = dueOf(m);
  if (due <= 0 || m.state === 'unsettled' || m.state === 'overdue') throw new AppError('CONFLICT', '该订单当前无需支付');
  const reason = (await repo.lastAdjustmentReason(t.db, order.id)) ?? '';
  const p = payPosting('adjustPay', `订单 ${m.no} 补差价${reason ? `（${reason}）` : ''}`, userId, m, unbilledOf(m));
  const paid = await postAndEarn(t, p, userId, m.id, rule);
  const actor: Actor = { kind: 'customer', id: userId, name: mover.name };
  await recordOrderEvent(t, actor, order, 'adjustPay', `${formatFen(due)}`);
  await recordAudit(t, {
    actor,
    action: 'order.adjustPay',
    objectType: 'order',
    objectId: order.id,
    changes: { paidFen: [null, due] },
    ip,
  });
  t.afterCommit(() => t.metrics.paymentMade('order'));
  return { paidFen: due, balanceFen: paid.balanceFen };
}

/**
 * An online trade for an order (pay/online) credited: the order is paid from
 * the balance now, in the credit's transaction (which holds the balance's row
 * lock since the credit). An order paid, cancelled or repriced meanwhile so
 * that the credit no longer covers it is left alone; the money stays in the balance.
 */
export async function payFromTrade(t: AppContext, row: TopupRow, orderId: number): Promise<void> {
  const [m] = await orderMoney(t.db, [orderId]);
  if (!m || m.userId !== row.userId || m.state === 'unsettled' || m.state === 'overdue') return;
  const due = dueOf(m);
  if (due <= 0 || due > (await ledger.balanceOf(t, ledger.prestoreOf(row.userId)))) return;
  await payFromBalance(t, row.userId, orderId, '');
}

/** A bill paid from the customer's balance: the split's part from prestore, the deductions, revenue the whole. */
function payPosting(kind: 'orderPay' | 'adjustPay', memo: string, userId: number, m: OrderMoneyRow, bill: number): Bill {
  const split = splitBill(m, bill);
  const source = ledger.prestoreOf(userId);
  const posting: ledger.Posting = { kind, memo, userId, orderId: m.id, lines: billLines(source, bill, split) };
  return { posting, paidFen: split.payFen, source };
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
    const settled: number[] = [];
    for (const id of [...body.orderIds].sort((a, b) => a - b)) {
      const { paidFen: paid } = await moveWithMoney(t, mover, id, 'settle', (m) =>
        m.owedFen > 0
          ? {
              source,
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
      total += paid;
      if (paid > 0) settled.push(id);
    }
    if (fromGroup && total > 0) await spendFromLimit(t, fromGroup.member, total);
    // Each order settled is an order paid (its items' 已下单, the inviter's reward once per invitee).
    for (const orderId of settled) await t.emit(ORDER_PAID, { userId, orderId });
    if (total > 0) t.afterCommit(() => t.metrics.paymentMade('settlement'));
    return {
      orderIds: body.orderIds,
      paidFen: total as PayResult['paidFen'],
      balanceFen: await ledger.balanceOf(t, source),
    };
  });
}
