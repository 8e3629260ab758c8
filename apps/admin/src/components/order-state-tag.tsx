import { Tag } from 'antd';
import { Link } from 'react-router';
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

/** A list's order number, linking to the order when the reader may open it; on a phone the state goes under it (its column is hidden). */
export const OrderNoCell = ({
  id,
  no,
  state,
  narrow,
  link = true,
}: {
  id: number;
  no: string;
  state: OrderState;
  narrow: boolean;
  link?: boolean;
}) => (
  <>
    {link ? <Link to={`/orders/${id}`}>{no}</Link> : no}
    {narrow && (
      <div style={{ marginTop: 4 }}>
        <OrderStateTag state={state} />
      </div>
    )}
  </>
);
