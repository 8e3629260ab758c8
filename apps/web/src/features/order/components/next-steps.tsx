import type { OrderNextStep } from '@yance/contracts/order-next';
import { Button, Popconfirm } from 'antd';
import { useNavigate } from 'react-router';
import { NEXT_STEP_HREF, ORDER_NEXT_LABELS } from '@/config/order-next.ts';
import { useConfirmOrder } from '../api/orders.ts';

interface NextStepsProps {
  order: { id: number; next: readonly OrderNextStep[] };
  size?: 'small' | 'middle';
  /** On the order's own page: the steps done there (the sampling dialog, the evaluation) instead of a link. */
  inPlace?: Partial<Record<OrderNextStep, () => void>>;
  /** 确认数据 asked for with ?step=confirmData: its confirmation opens at once. */
  confirmOpen?: boolean;
}

/**
 * What the order waits for from its customer (the server's `next`, ADR 0062), one button each, the main one
 * first and primary: 签署合同, 支付, 补差价, 填写快递单号, 预约上门取样, 确认数据, 结算, 评价, 申请开票.
 */
export function NextSteps({ order, size = 'small', inPlace, confirmOpen }: NextStepsProps) {
  const navigate = useNavigate();
  const confirm = useConfirmOrder();
  return order.next.map((step, i) => {
    const type = i === 0 ? 'primary' : 'default';
    if (step === 'confirmData')
      return (
        // Below its button: above it, it would cover the order's title on the order's page.
        <Popconfirm
          key={step}
          placement="bottom"
          defaultOpen={confirmOpen}
          title="确认已收到并核对实验数据？"
          okText="确认"
          cancelText="取消"
          onConfirm={() => confirm.mutateAsync(order.id)}
        >
          <Button size={size} type={type} loading={confirm.isPending} data-testid="next-step" data-step={step}>
            {ORDER_NEXT_LABELS[step]}
          </Button>
        </Popconfirm>
      );
    const here = inPlace?.[step];
    return (
      <Button
        key={step}
        size={size}
        type={type}
        data-testid="next-step"
        data-step={step}
        onClick={() => (here ? here() : void navigate(NEXT_STEP_HREF[step](order.id)))}
      >
        {ORDER_NEXT_LABELS[step]}
      </Button>
    );
  });
}
