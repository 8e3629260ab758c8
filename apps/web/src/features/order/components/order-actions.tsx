import type { OrderNextStep } from '@yance/contracts/order-next';
import type { OrderAction, OrderState } from '@yance/contracts/order-states';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useOrderAgain } from '../api/orders.ts';
import { NextSteps } from './next-steps.tsx';

interface OrderActionsProps {
  order: { id: number; no: string; state: OrderState; next: readonly OrderNextStep[] };
  /** What the customer may do now (the detail's `actions`, or from the transition table on a card): here, 取消订单. */
  actions: readonly OrderAction[];
  onCancel: () => void;
  /** 查看: the card links to the detail; the detail itself leaves it out. */
  showView?: boolean;
  size?: 'small' | 'middle';
  /** The order's page: steps done in place, and 确认数据 asked for on arrival. */
  inPlace?: Partial<Record<OrderNextStep, () => void>>;
  confirmOpen?: boolean;
  /** Steps another part of the page offers (the sampling panel's button). */
  except?: readonly OrderNextStep[];
}

/** An order's buttons: what it waits for from the customer (`next`), 查看, 继续编辑 (draft), 取消订单, 再来一单. */
export function OrderActions({
  order,
  actions,
  onCancel,
  showView = false,
  size = 'small',
  inPlace,
  confirmOpen,
  except = [],
}: OrderActionsProps) {
  const navigate = useNavigate();
  const again = useOrderAgain();
  const draft = order.state === 'draft';
  return (
    <>
      {draft && (
        <Button size={size} type="primary" onClick={() => void navigate(paths.orderDraft(order.id))}>
          继续编辑
        </Button>
      )}
      <NextSteps
        order={{ id: order.id, next: order.next.filter((s) => !except.includes(s)) }}
        size={size}
        inPlace={inPlace}
        confirmOpen={confirmOpen}
      />
      {showView && (
        <Button size={size} onClick={() => void navigate(paths.order(order.id))}>
          查看
        </Button>
      )}
      {actions.includes('cancel') && (
        <Button size={size} danger onClick={onCancel}>
          取消订单
        </Button>
      )}
      {!draft && (
        <Button
          size={size}
          loading={again.isPending}
          onClick={() => again.mutate(order.id, { onSuccess: (r) => void (r.added > 0 && navigate(paths.experiment('plan'))) })}
        >
          再来一单
        </Button>
      )}
    </>
  );
}
