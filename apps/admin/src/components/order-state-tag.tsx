import { Tag } from 'antd';
import { ORDER_STATE_NAMES, type OrderState } from '@yance/contracts/order-states';

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
