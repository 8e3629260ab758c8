// The customer's money as the member center reads it (ADR 0050): prestore
// info and statement, and the assets page.
import type { Assets, PrestoreInfo, StatementBody } from '@yance/contracts/prestore';
import { localInfo } from '@yance/contracts/setting';
import type { AppContext } from '../../context.ts';
import { joinedClusters } from '../cluster/index.ts';
import { couponAssets } from '../coupon/index.ts';
import * as ledger from '../ledger/index.ts';
import { walletAssets } from '../promotion/index.ts';
import { getSettingValue } from '../setting/index.ts';
import type { Gateways } from './gateway.ts';
import { getMoneySettings } from './money-settings.service.ts';
import { dueOrders } from './order-payment.service.ts';
import * as repo from './topup.repository.ts';

const SHOP_NAME = '研测科研检测服务平台';

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
