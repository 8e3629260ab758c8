import { Descriptions, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatFen, signedFen } from '@yance/browser/format';
import type { OrderFigures } from '@yance/contracts/order-figures';
import type { ReturnAddress } from '@yance/contracts/order';
import { placeText } from '@yance/contracts/place';
import { ORDER_STATE_NAMES, ORDER_STATES, type OrderKind } from '@yance/contracts/order-states';

export { OrderStateTag } from '@/components/order-state-tag.tsx';

/** The states an operator filters by: a draft is the customer's own, not yet sent. */
export const STATE_OPTIONS = ORDER_STATES.filter((s) => s !== 'draft').map((value) => ({ value, label: ORDER_STATE_NAMES[value] }));

/** How the order is paid (fixed when it was sent, from the customer's organization). */
export const ORDER_KIND_NAMES: Record<OrderKind, string> = { institution: '检测后付款（高校、个人）', enterprise: '签约预付（企业）' };

/** An amount, or 待报价 while the manager has not priced it. */
export const Amount = ({ fen }: { fen: number | null }) =>
  fen === null ? <Typography.Text type="warning">待报价</Typography.Text> : <>{formatFen(fen)}</>;

/**
 * The order's amounts as 订单信息 rows, every one from the server's figures (issue 21): 订单金额, the adjustments,
 * 最终金额, the coupon and points, 实付金额 (what the customer pays), 已付, 已退 and 待付. Call it inside
 * Descriptions (an array of its items, which Descriptions flattens).
 */
export function figureItems(f: OrderFigures) {
  const item = (label: string, value: ReactNode, testId: string) => (
    <Descriptions.Item key={testId} label={label}>
      <span data-testid={testId}>{value}</span>
    </Descriptions.Item>
  );
  return [
    item('订单金额', <Amount fen={f.totalFen} />, 'figure-total'),
    f.adjustFen !== 0 && item(f.adjustFen > 0 ? '补差价' : '退差价', signedFen(f.adjustFen), 'figure-adjust'),
    f.adjustFen !== 0 && item('最终金额', <Amount fen={f.finalFen} />, 'figure-final'),
    f.couponFen > 0 && item(`优惠券${f.couponName ? `（${f.couponName}）` : ''}`, `-${formatFen(f.couponFen)}`, 'figure-coupon'),
    f.pointsFen > 0 && item(`积分抵扣（${f.points}积分）`, `-${formatFen(f.pointsFen)}`, 'figure-points'),
    item('实付金额', <Amount fen={f.payableFen} />, 'figure-payable'),
    item('已付', formatFen(f.paidFen), 'figure-paid'),
    f.refundedFen > 0 && item('已退', formatFen(f.refundedFen), 'figure-refunded'),
    f.dueFen > 0 && item('待付', formatFen(f.dueFen), 'figure-due'),
  ].filter(Boolean);
}

/** Where the samples asked back go, as the courier's slip needs it: name, phone, place. */
export const returnAddressText = (a: ReturnAddress) => `${a.name} ${a.phone} ${placeText(a)}`;
