import type { DueOrder } from '@yance/contracts/prestore';
import { notify } from '@yance/browser/notify';
import { Modal } from 'antd';
import { useState } from 'react';
import { usePayOrder } from '../api/due-orders.ts';
import { newIdempotencyKey, shortfallOf } from '../utils/money-view.ts';
import { BalanceCheck } from './balance-check.tsx';
import styles from './money.module.css';

/**
 * 支付 one 待付款 order from the balance. Mounted once per opening, so its
 * idempotency key is one per dialog: a retry in it (a lost answer) pays once.
 */
export function PayDialog({ order, balanceFen, onClose }: { order: DueOrder; balanceFen: number; onClose: () => void }) {
  const [key] = useState(newIdempotencyKey);
  const pay = usePayOrder();
  const short = shortfallOf(balanceFen, order.dueFen) > 0;
  return (
    <Modal
      open
      title="支付订单"
      okText="确认支付"
      cancelText="取消"
      okButtonProps={{ disabled: short, loading: pay.isPending }}
      onCancel={onClose}
      onOk={() =>
        pay.mutate(
          { orderId: order.id, idempotencyKey: key },
          {
            onSuccess: () => {
              notify.success('支付成功');
              onClose();
            },
          },
        )
      }
      destroyOnHidden
    >
      <p className={styles.muted} style={{ marginBottom: 12 }}>
        订单 {order.no} · {order.title}
      </p>
      <p className={styles.muted} style={{ marginBottom: 12 }}>
        支付来源：个人预存余额
      </p>
      <BalanceCheck dueLabel="应付金额" dueFen={order.dueFen} balanceFen={balanceFen} />
    </Modal>
  );
}
