// A gateway's callback credits an online top-up once (ADR 0050); the local
// gateway's payment page reads its trade here.
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { GatewaySignatureError, type CallbackInput, type PaymentGateway } from './gateway.ts';
import { isLocalGateway } from './local-gateway.ts';
import { iso } from './money-format.ts';
import * as repo from './topup.repository.ts';
import type { TopupRow } from './topup.repository.ts';
import { moveTopup } from './topup-move.service.ts';
import { tradeFacts } from './topup.service.ts';

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
