// A research group's money (课题组, ADR 0051): the owner's transfers in and out, the group's funds as a member reads them.
import type { GroupFunds } from '@yance/contracts/prestore';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { groupForReader, lockGroupForMoney } from '../cluster/index.ts';
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
