// An invitation's reward (邀请有礼, ADR 0054, ADR 0069). At the invitee's
// first paid order the abuse checks write the invitation's row on its machine
// (granted, withheld for review, or off); a granted invitation earns the
// inviter a rebate on each of the invitee's payments in their first months
// (promotion's earnRebate: the rebate row on its machine, the ledger entry,
// once per payment entry), released to the wallet the hold's days after the
// order completes. A review that grants a withheld invitation earns what its
// payments would have. Rows written before ADR 0069 keep their one-time
// (flat) reward into the prestore balances. The invitee's coupon at
// registration is here too.
import { formatFen } from '@yance/contracts/money';
import {
  INVITE_REWARD_STATE_NAMES,
  INVITE_REWARD_TRANSITIONS,
  type InviteRewardAction,
  type InviteRewardCreation,
  type InviteRewardState,
  type InviteSuspect,
} from '@yance/contracts/invite-states';
import type { InviteSettings } from '@yance/contracts/invite';
import { inviteCouponName, inviteWindowLastDay, inWindow, offersCoupon, offersRebate, percentText } from '@yance/contracts/invite-rules';
import { maskPhone } from '@yance/contracts/cluster';
import type { OrderAction } from '@yance/contracts/order-states';
import type { AppContext } from '../../context.ts';
import { defineMachine, SYSTEM_MOVER, type Mover } from '../../lib/state-machine.ts';
import { issueProgrammeCoupon } from '../coupon/index.ts';
import * as ledger from '../ledger/index.ts';
import { notifySite } from '../notify/index.ts';
import { approvedPromoterRate, earnRebate, PAID_ACTIONS, PAYMENT_KINDS, startRebateClock } from '../promotion/index.ts';
import { inviterOf } from '../user/index.ts';
import * as repo from './invite.repository.ts';
import type { Invitation, RewardRow } from './invite.repository.ts';
import { getInviteSettings } from './invite-settings.service.ts';

/** An invitation's machine: the system writes it at the first paid order; only staff with invite.manage move it (grant, refuse), from 待审核. */
export const inviteRewardMachine = defineMachine<AppContext, RewardRow, InviteRewardState, typeof INVITE_REWARD_TRANSITIONS>({
  objectType: 'inviteReward',
  table: INVITE_REWARD_TRANSITIONS,
  names: INVITE_REWARD_STATE_NAMES,
  noun: '邀请奖励',
  missing: '邀请奖励不存在',
  lock: (t, id) => repo.lockReward(t.db, id),
  write: (t, row, from, to, _at, set) =>
    repo.moveReward(t.db, row.id, from, { state: to, ...(set as Pick<RewardRow, 'note' | 'staffId' | 'decidedAt'>) }),
  noteMissing: () => '[原因]不能为空',
});

/** The transition that writes an invitation's row in each of its starting states. */
const CREATION: Record<'granted' | 'withheld' | 'off', InviteRewardCreation> = { granted: 'credit', withheld: 'withhold', off: 'skip' };

/**
 * The inviter hears that the invitation earns (the notice table's own words,
 * ADR 0069): the terms now and the invitee's window for a rebate row, the
 * amount credited for a flat one.
 */
async function tellInviter(t: AppContext, row: RewardRow, inv: Invitation, action: 'credit' | 'grant', s: InviteSettings): Promise<void> {
  const phone = maskPhone(inv.inviteePhone);
  let title = '邀请奖励已到账';
  let text = `您邀请的好友 ${phone} 已完成首单，奖励 ${formatFen(row.inviterFen)} 已存入您的预存余额。`;
  if (row.scheme === 'rebate') {
    if (!offersRebate(s)) return;
    title = '邀请返利已生效';
    text =
      `您邀请的好友 ${phone} 已完成首笔付款${action === 'grant' ? '，经审核' : ''}：${inviteWindowLastDay(inv.registeredAt, s.windowMonths)} 前其每笔订单实付金额的` +
      ` ${percentText(s.rateBp)} 将返到您的返利钱包，订单完成 ${s.holdDays} 天后可提现。`;
  }
  await notifySite(t, { id: null, userId: row.inviterId }, { kind: 'invite', key: `invite:${row.id}:${action}`, title, text });
}

/** A flat row's amounts (bonus → the inviter's and the invitee's prestore), as the one-time reward of before ADR 0069. */
async function creditFlat(t: AppContext, row: RewardRow, inviteePhone: string, staffId: number | null): Promise<void> {
  const credit = async (userId: number, fen: number, memo: string) =>
    fen > 0 &&
    ledger.postEntry(t, {
      kind: 'inviteReward',
      memo,
      userId,
      orderId: row.orderId,
      staffId,
      lines: [
        { account: { kind: 'bonus' }, amountFen: -fen },
        { account: ledger.prestoreOf(userId), amountFen: fen },
      ],
    });
  await credit(row.inviterId, row.inviterFen, `邀请奖励：好友 ${maskPhone(inviteePhone)} 完成首单`);
  await credit(row.inviteeId, row.inviteeFen, '受邀新用户首单奖励');
}

/** The abuse checks at the first paid order (ADR 0054) and the invitation's row they decide; a racing payment's row if it won. */
async function decide(t: AppContext, inv: Invitation, orderId: number): Promise<RewardRow | undefined> {
  if (inv.inviteeId === inv.inviterId) return undefined;
  const s = await getInviteSettings(t);
  const suspects: InviteSuspect[] = [];
  if (!s.enabled) suspects.push('off');
  else {
    if (inv.inviteePhone === inv.inviterPhone) suspects.push('samePhone');
    if (await repo.shareDevice(t.db, inv.inviteeId, inv.inviterId)) suspects.push('sameDevice');
    if (await repo.shareSignUpIp(t.db, inv.inviteeId, inv.inviterId)) suspects.push('sameIp');
  }
  const state = !s.enabled ? 'off' : suspects.length ? 'withheld' : 'granted';
  const row = await repo.insertReward(t.db, {
    inviteeId: inv.inviteeId,
    inviterId: inv.inviterId,
    orderId,
    scheme: 'rebate',
    state,
    inviterFen: 0,
    inviteeFen: 0,
    suspects,
    createdAt: t.clock(),
    decidedAt: state === 'granted' ? t.clock() : null,
  });
  // Of two first payments racing, the second waits here for the first's commit and then reads its row.
  if (!row) return repo.rewardOfInvitee(t.db, inv.inviteeId);
  await inviteRewardMachine.created(t, SYSTEM_MOVER, row, CREATION[state], {
    changes: { scheme: [null, row.scheme], orderId: [null, orderId], ...(suspects.length ? { suspects: [null, suspects] } : {}) },
  });
  if (state === 'granted') await tellInviter(t, row, inv, 'credit', s);
  return row;
}

/**
 * A granted invitation's rebates on one order: each payment entry made in
 * the invitee's window earns the programme's rate now — unless the inviter is
 * an approved promoter whose own rate is higher (promotion earns that one
 * after this, ADR 0069). Once per entry.
 */
async function earnOnOrder(
  t: AppContext,
  inv: Invitation,
  row: RewardRow,
  order: { id: number; no: string; userId: number },
  s: InviteSettings,
) {
  if (row.scheme !== 'rebate' || row.state !== 'granted' || !offersRebate(s)) return;
  const promoterBp = await approvedPromoterRate(t, row.inviterId);
  if (promoterBp !== null && promoterBp > s.rateBp) return;
  for (const e of await ledger.orderEntries(t, order.id, PAYMENT_KINDS)) {
    if (!inWindow(inv.registeredAt, s.windowMonths, e.at)) continue;
    await earnRebate(t, order, e, { kind: 'invite', earnerId: row.inviterId, rateBp: s.rateBp, holdDays: s.holdDays });
  }
}

/**
 * Subscribed to the order's moves before promotion's (ADR 0069), inside the
 * move's transaction: after a payment of an invited customer, the first
 * writes the invitation's row (the abuse checks), and a granted invitation
 * earns its rebates on the order's payments.
 */
export async function afterOrderMoveInvite(t: AppContext, order: { id: number; no: string; userId: number }, action: OrderAction) {
  if (!PAID_ACTIONS.includes(action)) return;
  // Most payers were invited by nobody: known without a statement after their first payment (ADR 0066).
  if ((await inviterOf(t, order.userId)) === null) return;
  const inv = await repo.findInvitation(t.db, order.userId);
  if (!inv) return;
  let row = inv.reward ?? undefined;
  if (!row) {
    if (!(await ledger.orderEntries(t, order.id, PAYMENT_KINDS)).length) return;
    row = await decide(t, inv, order.id);
  }
  if (row) await earnOnOrder(t, inv, row, order, await getInviteSettings(t));
}

/**
 * A withheld invitation granted by hand — a flat row credited with the
 * amounts fixed at the first paid order; a rebate row earns on every payment
 * of the invitee's so far that falls in the window, a completed order's
 * rebates due the hold's days from now — or its withholding confirmed: on
 * the invitation's machine (the row's lock, the table's who and from, a
 * compare-and-set, the audit row), in the caller's transaction.
 */
export async function moveInvitation(
  t: AppContext,
  mover: Mover & { kind: 'staff' },
  id: number,
  action: InviteRewardAction,
  note: string,
) {
  const moved = await inviteRewardMachine.move(t, mover, id, action, {
    note,
    set: { note, staffId: mover.caller.id, decidedAt: t.clock() },
  });
  if (moved.state !== 'granted') return moved;
  const inv = (await repo.findInvitation(t.db, moved.inviteeId))!;
  const s = await getInviteSettings(t);
  if (moved.scheme === 'flat') await creditFlat(t, moved, inv.inviteePhone, mover.caller.id);
  else
    for (const order of await repo.ordersOf(t.db, moved.inviteeId)) {
      await earnOnOrder(t, inv, moved, order, s);
      if (order.state === 'completed') await startRebateClock(t, order.id);
    }
  await tellInviter(t, moved, inv, 'grant', s);
  return moved;
}

/**
 * A new customer who registered through an invitation (CUSTOMER_REGISTERED,
 * in the new account's transaction): the programme's new-customer coupon,
 * once (ADR 0069).
 */
export async function welcomeInvitee(t: AppContext, userId: number): Promise<void> {
  const inv = await repo.findInvitation(t.db, userId);
  if (!inv || inv.inviterId === userId) return;
  const s = await getInviteSettings(t);
  if (!offersCoupon(s)) return;
  await issueProgrammeCoupon(t, userId, {
    origin: 'invite',
    name: inviteCouponName(s),
    amountFen: s.couponFen,
    thresholdFen: s.couponThresholdFen,
    validDays: s.couponDays,
  });
}
