import type { DueOrder } from '@yance/contracts/prestore';
import { notify } from '@yance/browser/notify';
import { Form, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useSettleOrders } from '../api/due-orders.ts';
import { newIdempotencyKey, shortfallOf } from '../utils/money-view.ts';
import { BalanceCheck } from './balance-check.tsx';
import styles from './money.module.css';

/**
 * 结算 the selected orders from the balance, all or none. Mounted once per
 * opening: one idempotency key per dialog. 支付来源 offers only the personal
 * balance until research groups' balances exist.
 */
export function SettleDialog({
  orders,
  balanceFen,
  onClose,
  onSettled,
}: {
  orders: DueOrder[];
  balanceFen: number;
  onClose: () => void;
  onSettled: () => void;
}) {
  const [key] = useState(newIdempotencyKey);
  const settle = useSettleOrders();
  const total = orders.reduce((n, o) => n + o.dueFen, 0);
  const short = shortfallOf(balanceFen, total) > 0;
  return (
    <Modal
      open
      title="结算订单"
      okText="确认结算"
      cancelText="取消"
      okButtonProps={{ disabled: short, loading: settle.isPending }}
      onCancel={onClose}
      onOk={() =>
        settle.mutate(
          { orderIds: orders.map((o) => o.id), idempotencyKey: key },
          {
            onSuccess: () => {
              notify.success('结算成功');
              onSettled();
            },
          },
        )
      }
      destroyOnHidden
    >
      <p className={styles.muted} style={{ marginBottom: 12 }}>
        结算 {orders.length} 个订单：{orders.map((o) => o.no).join('、')}
      </p>
      <Form layout="vertical" component="div">
        <Form.Item label="支付来源" style={{ marginBottom: 12 }}>
          <Radio.Group value="prestore" options={[{ value: 'prestore', label: '个人预存余额' }]} />
        </Form.Item>
      </Form>
      <BalanceCheck dueLabel="结算金额" dueFen={total} balanceFen={balanceFen} />
    </Modal>
  );
}
