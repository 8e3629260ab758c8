// A research group's money (课题组, ADR 0051): the owner's transfers in and out, the group's funds as a member reads them.
import type { GroupCreditBody, GroupFunds } from '@yance/contracts/prestore';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { adminClusterDetail, groupForReader, lockGroupForMoney, lockGroupRow } from '../cluster/index.ts';
import * as ledger from '../ledger/index.ts';
import { customerActor } from './customer-actor.ts';

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
 * 课题组入账 (console, cluster.credit): a bank transfer received for a group goes straight to the group's balance —
 * `groupIn` from the shop's bank account, with the bank's reference, once per the staff member's idempotency key, under
 * the group's row lock (the one every mover of the group's money takes first). A manager's reach rules apply as for
 * reading the group (a group out of reach is 404).
 */
export async function creditGroup(ctx: AppContext, caller: StaffCaller, body: GroupCreditBody, ip: string) {
  const { idempotencyKey, ...rest } = body;
  return ledger.once(ctx, { staffId: caller.id }, idempotencyKey, 'cluster/credit', rest, async (t) => {
    await lockGroupRow(t, body.clusterId);
    const { name } = await adminClusterDetail(t, caller, body.clusterId);
    const account = ledger.groupAccountOf(body.clusterId);
    const posted = await ledger.postEntry(t, {
      kind: 'groupIn',
      memo: `对公转账入课题组「${name}」 流水号 ${body.bankRef}${body.note ? ` ${body.note}` : ''}`,
      staffId: caller.id,
      lines: [
        { account: { kind: 'bank' }, amountFen: -body.amountFen },
        { account, amountFen: body.amountFen },
      ],
    });
    await recordAudit(t, {
      actor: { kind: 'staff', id: caller.id, name: caller.name },
      action: 'cluster.credit',
      objectType: 'cluster',
      objectId: body.clusterId,
      changes: { amountFen: [null, body.amountFen], bankRef: [null, body.bankRef] },
      ip,
    });
    return { groupBalanceFen: posted.balances.get(ledger.accountKey(account)) ?? 0 };
  });
}
