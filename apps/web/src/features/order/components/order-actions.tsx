import type { OrderAction, OrderState } from '@yance/contracts/order-states';
import { Button, Popconfirm } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useConfirmOrder, useOrderAgain } from '../api/orders.ts';

interface OrderActionsProps {
  order: { id: number; no: string; state: OrderState };
  /** What the customer may do now (the detail's `actions`, or from the transition table on a card). */
  actions: readonly OrderAction[];
  onCancel: () => void;
  /** 查看: the card links to the detail; the detail itself leaves it out. */
  showView?: boolean;
  size?: 'small' | 'middle';
}

/** An order's buttons: 查看, 继续编辑 (draft), 去付款 (待付款), 去结算 (待结算, 欠款中), 确认数据, 取消订单, 再来一单. */
export function OrderActions({ order, actions, onCancel, showView = false, size = 'small' }: OrderActionsProps) {
  const navigate = useNavigate();
  const confirm = useConfirmOrder();
  const again = useOrderAgain();
  const draft = order.state === 'draft';
  return (
    <>
      {showView && (
        <Button size={size} onClick={() => void navigate(paths.order(order.id))}>
          查看
        </Button>
      )}
      {draft && (
        <Button size={size} type="primary" onClick={() => void navigate(paths.orderDraft(order.id))}>
          继续编辑
        </Button>
      )}
      {actions.includes('pay') && (
        <Button size={size} type="primary" onClick={() => void navigate(paths.member('unpaid'))}>
          去付款
        </Button>
      )}
      {actions.includes('settle') && (
        <Button size={size} type="primary" onClick={() => void navigate(paths.member('unsettled'))}>
          去结算
        </Button>
      )}
      {actions.includes('confirmData') && (
        <Popconfirm title="确认已收到并核对实验数据？" okText="确认" cancelText="取消" onConfirm={() => confirm.mutateAsync(order.id)}>
          <Button size={size} type="primary" loading={confirm.isPending}>
            确认数据
          </Button>
        </Popconfirm>
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
