// Top-ups (issue 10, ADR 0050): a prestore top-up online or by bank transfer,
// an online trade that pays an order (pay/online), closing and listing them.
// Their state moves (close, pay, confirm, reject) in topup-move.service.ts.
import type { GatewayKey } from '@yance/contracts/ledger';
import { bonusOf, type MoneySettings } from '@yance/contracts/money-settings';
import type { PayOnlineBody, TopupAddBody, TopupAddResponse, TopupEntry, TopupListEntry } from '@yance/contracts/topup';
import { chinaToday } from '@yance/contracts/sampling-rules';
import type { Page } from '@yance/contracts/paging';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import * as ledger from '../ledger/index.ts';
import { getPrivateFile, type FileStorage } from '../media/index.ts';
import { customerMover, lockCustomerOrder } from '../order/index.ts';
import type { Gateways, PaymentGateway } from './gateway.ts';
import { isLocalGateway } from './local-gateway.ts';
import { formatFen } from '@yance/contracts/money';
import { getMoneySettings } from './money-settings.service.ts';
import { dueOf } from './order-bill.ts';
import { orderMoney } from './order-facts.ts';
import { toTopupEntry } from './topup-entry.ts';
import { topupMachine } from './topup-move.service.ts';
import * as repo from './topup.repository.ts';
import type { TopupRow } from './topup.repository.ts';

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
  if (body.amountFen < s.prestoreMinFen) throw new AppError('INVALID', `[充值金额]不能低于${formatFen(s.prestoreMinFen)}`);
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
    const [m] = await orderMoney(t.db, [order.id]);
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
  await topupMachine.created(t, await customerMover(t, userId, ip), numbered, 'add', {
    changes: {
      amountFen: [null, numbered.amountFen],
      method: [null, numbered.method],
      bonusFen: [null, numbered.bonusFen],
      ...(numbered.payOrderIds.length ? { payOrderIds: [null, numbered.payOrderIds] } : {}),
    },
  });
  return toTopupEntry(numbered);
}

/** What a trade is for, as its gateway shows it, and the page the customer comes back to. */
export const tradeFacts = (t: Pick<TopupEntry, 'no' | 'payOrderIds'>) =>
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
