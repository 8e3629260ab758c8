import type { DueOrder } from '@yance/contracts/prestore';
import { notify } from '@yance/browser/notify';
import { Form, Modal, Radio } from 'antd';
import { useState } from 'react';
import { formatFen } from '@yance/browser/format';
import { useSettleOrders } from '../api/due-orders.ts';
import { useAssets } from '../api/prestore.ts';
import { newIdempotencyKey } from '@yance/browser/idempotency-key';
import { shortfallOf } from '../utils/money-view.ts';
import { BalanceCheck } from './balance-check.tsx';
import styles from './money.module.css';

/**
 * 结算 the selected orders, all or none, from the personal balance or a
 * research group the customer belongs to (what a group offers is its balance
 * within the customer's limit left, ADR 0050). Mounted once per opening: one
 * idempotency key per dialog.
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
  const assets = useAssets();
  const [source, setSource] = useState('prestore');
  const total = orders.reduce((n, o) => n + o.dueFen, 0);
  const groups = (assets.data?.groups ?? []).map((g) => ({
    ...g,
    available: Math.max(0, Math.min(g.balanceFen, g.limitFen - g.spentFen)),
  }));
  const group = groups.find((g) => `group:${g.id}` === source);
  const available = group ? group.available : balanceFen;
  const short = shortfallOf(available, total) > 0;
  const options = [
    { value: 'prestore', label: `个人预存余额（${formatFen(balanceFen)}）` },
    ...groups.map((g) => ({ value: `group:${g.id}`, label: `课题组「${g.name}」（可用 ${formatFen(g.available)}）` })),
  ];
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
          { orderIds: orders.map((o) => o.id), clusterId: group?.id, idempotencyKey: key },
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
          <Radio.Group value={source} onChange={(e) => setSource(String(e.target.value))} options={options} className={styles.sources} />
        </Form.Item>
      </Form>
      <BalanceCheck dueLabel="结算金额" dueFen={total} balanceFen={available} source={group?.name} />
    </Modal>
  );
}
