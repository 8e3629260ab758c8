import { Tag, Typography } from 'antd';
import { formatFen } from '@yance/browser/format';
import { ORDER_STATE_NAMES, ORDER_STATES, type OrderKind, type OrderState } from '@yance/contracts/order-states';

/** Colours by where the order waits: on the manager (orange), the customer (gold), the lab (blue), done (green), stopped (grey, red). */
const STATE_COLORS: Record<OrderState, string> = {
  draft: 'default',
  quoting: 'orange',
  contracting: 'gold',
  unpaid: 'volcano',
  awaitingSample: 'blue',
  awaitingPickup: 'blue',
  received: 'cyan',
  testing: 'geekblue',
  delivered: 'green',
  unsettled: 'purple',
  completed: 'success',
  cancelled: 'default',
  overdue: 'red',
};

export const OrderStateTag = ({ state }: { state: OrderState }) => (
  <Tag color={STATE_COLORS[state]} data-testid="order-state">
    {ORDER_STATE_NAMES[state]}
  </Tag>
);

/** The states an operator filters by: a draft is the customer's own, not yet sent. */
export const STATE_OPTIONS = ORDER_STATES.filter((s) => s !== 'draft').map((value) => ({ value, label: ORDER_STATE_NAMES[value] }));

/** How the order is paid (fixed when it was sent, from the customer's organization). */
export const ORDER_KIND_NAMES: Record<OrderKind, string> = { institution: '检测后付款（高校、个人）', enterprise: '签约预付（企业）' };

/** An amount, or 待报价 while the manager has not priced it. */
export const Amount = ({ fen }: { fen: number | null }) =>
  fen === null ? <Typography.Text type="warning">待报价</Typography.Text> : <>{formatFen(fen)}</>;
