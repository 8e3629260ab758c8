import { ORDER_WAITING_STATES, orderWaitingKey, type DashboardFigure, type DashboardResponse } from '@yance/contracts/dashboard';
import { seesAllCustomers } from '@yance/contracts/customer';
import { seesAllOrders } from '@yance/contracts/order';
import { ORDER_STATE_NAMES } from '@yance/contracts/order-states';
import { can, type Permission } from '@yance/contracts/staff';
import type { AppContext, StaffCaller } from '../../context.ts';
import { countFailedJobs } from '../job/index.ts';
import {
  countCustomersSince,
  countInviteRewardsWithheld,
  countInvoicesWaiting,
  countOpenDemands,
  countOrdersByState,
  countPendingAttestations,
  countPromotersWaiting,
  countRefundsWaiting,
  countSmsSentSince,
  countTransfersWaiting,
  countWithdrawalsWaiting,
} from './dashboard.repository.ts';

const CHINA_OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** Midnight of `now`'s day in China time (UTC+8 all year), as an instant. */
export function chinaDayStart(now: Date): Date {
  const local = now.getTime() + CHINA_OFFSET_MS;
  return new Date(local - (local % DAY_MS) - CHINA_OFFSET_MS);
}

interface FigureSource {
  key: string;
  label: string;
  note: string;
  /** The note to a manager, whose figure counts only their customers'. */
  ownNote?: string;
  /** Shown only to staff holding it: every figure counts what its reader may open, nothing of the whole shop beyond it. */
  permission: Permission;
  count(ctx: AppContext, today: Date, caller: StaffCaller): Promise<number>;
}

/** A manager reaches only their own customers (ADR 0035): their figures count those; admin and finance all. */
const customersOf = (caller: StaffCaller) => (seesAllCustomers(caller.roles) ? undefined : caller.id);
/** A manager's demand list: their customers' and those of customers without a manager (ADR 0044). */
const demandsOf = (caller: StaffCaller) => (seesAllOrders(caller.roles) ? undefined : caller.id);

/**
 * The dashboard's figures, in the order shown (the orders' follow, by state).
 * Later issues append theirs here (samples and money), one entry each.
 */
const FIGURES: FigureSource[] = [
  {
    key: 'newCustomers',
    label: '今日新客户',
    note: '今天（北京时间）注册的客户',
    ownNote: '今天（北京时间）注册、由您负责的客户',
    permission: 'customer.read',
    count: (ctx, today, caller) => countCustomersSince(ctx.db, today, customersOf(caller)),
  },
  {
    key: 'pendingAttestations',
    label: '待审核认证',
    note: '已提交、等待客户经理审核的认证资料',
    ownNote: '您的客户已提交、等待您审核的认证资料',
    permission: 'customer.read',
    count: (ctx, _today, caller) => countPendingAttestations(ctx.db, customersOf(caller)),
  },
  {
    key: 'newDemands',
    label: '新需求',
    note: '客户提交、等待报价的实验需求',
    ownNote: '您的客户（及尚未分配客户经理的客户）提交、等待报价的实验需求',
    permission: 'order.quote',
    count: (ctx, _today, caller) => countOpenDemands(ctx.db, demandsOf(caller)),
  },
  {
    key: 'smsSent',
    label: '今日已发短信',
    note: '今天（北京时间）成功交给短信服务商的短信',
    permission: 'sms.read',
    count: (ctx, today) => countSmsSentSince(ctx.db, today),
  },
  {
    key: 'failedJobs',
    label: '失败的任务',
    note: '重试用尽、等待处理的后台任务（短信发送、清理等）',
    permission: 'job.manage',
    count: (ctx) => countFailedJobs(ctx),
  },
  {
    key: 'transfersWaiting',
    label: '待确认转账',
    note: '客户提交的对公转账充值，等待财务确认到账或驳回',
    permission: 'ledger.read',
    count: (ctx) => countTransfersWaiting(ctx.db),
  },
  {
    key: 'refundsWaiting',
    label: '待审核退款',
    note: '已取消的预付订单，退款等待财务批准退回预存余额',
    permission: 'ledger.read',
    count: (ctx) => countRefundsWaiting(ctx.db),
  },
  {
    key: 'invoicesWaiting',
    label: '待开发票',
    note: '客户提交、处于「申请中」的开票申请',
    permission: 'invoice.manage',
    count: (ctx) => countInvoicesWaiting(ctx.db),
  },
  {
    key: 'withdrawalsWaiting',
    label: '待审核提现',
    note: '推广员申请的提现，等待财务批准或驳回',
    permission: 'withdraw.manage',
    count: (ctx) => countWithdrawalsWaiting(ctx.db),
  },
  {
    key: 'promotersWaiting',
    label: '待审核推广员',
    note: '客户提交、处于「申请中」的推广员申请',
    permission: 'promoter.manage',
    count: (ctx) => countPromotersWaiting(ctx.db),
  },
  {
    key: 'inviteRewardsWithheld',
    label: '待审核邀请奖励',
    note: '同设备或同网络注册被暂缓发放、等待运营审核的邀请奖励',
    permission: 'invite.manage',
    count: (ctx) => countInviteRewardsWithheld(ctx.db),
  },
];

/** Orders waiting in each state staff act on, for those who may read orders (a manager: their customers' only). */
async function orderFigures(ctx: AppContext, caller: StaffCaller): Promise<DashboardFigure[]> {
  if (!can(caller.roles, 'order.read')) return [];
  const own = seesAllOrders(caller.roles) ? undefined : caller.id;
  const counts = await countOrdersByState(ctx.db, ORDER_WAITING_STATES, own);
  return ORDER_WAITING_STATES.map((state) => ({
    key: orderWaitingKey(state),
    label: `${ORDER_STATE_NAMES[state]}订单`,
    note: own === undefined ? `处于「${ORDER_STATE_NAMES[state]}」的订单` : `您的客户处于「${ORDER_STATE_NAMES[state]}」的订单`,
    value: counts.get(state) ?? 0,
  }));
}

/** dashboard: today's figures that exist so far, then the orders waiting by state. */
export async function dashboardFigures(ctx: AppContext, caller: StaffCaller): Promise<DashboardResponse> {
  const today = chinaDayStart(ctx.clock());
  const figures: DashboardFigure[] = await Promise.all(
    FIGURES.filter((f) => can(caller.roles, f.permission)).map(async ({ key, label, note, ownNote, count }) => ({
      key,
      label,
      note: ownNote && !seesAllCustomers(caller.roles) ? ownNote : note,
      value: await count(ctx, today, caller),
    })),
  );
  return { figures: [...figures, ...(await orderFigures(ctx, caller))] };
}
