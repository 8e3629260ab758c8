import { GATEWAY_LABELS, type GatewayKey } from '@yance/contracts/ledger';
import type { DueOrder } from '@yance/contracts/prestore';
import type { TopupEntry } from '@yance/contracts/topup';
import { formatFen } from '@yance/browser/format';
import { notify } from '@yance/browser/notify';
import { Descriptions, Modal, Radio } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { usePayOnline, usePayOrder } from '../api/due-orders.ts';
import { usePrestoreInfo } from '../api/prestore.ts';
import { newIdempotencyKey } from '@yance/browser/idempotency-key';
import { shortfallOf } from '../utils/money-view.ts';
import { BalanceCheck } from './balance-check.tsx';
import styles from './money.module.css';

const QrPayDialog = lazy(() => import('./qr-pay-dialog.tsx').then((m) => ({ default: m.QrPayDialog })));

type Source = 'balance' | GatewayKey;

/**
 * 支付 one 待付款 order: from the balance, or online in one step (pay/online:
 * a trade of what the order needs, which pays it once credited). Mounted once
 * per opening, so its idempotency keys are one per dialog: a retry in it (a
 * lost answer) pays once. A short balance starts on the first online gateway.
 */
export function PayDialog({ order, balanceFen, onClose }: { order: DueOrder; balanceFen: number; onClose: () => void }) {
  const [balanceKey] = useState(newIdempotencyKey);
  const [onlineKey] = useState(newIdempotencyKey);
  const pay = usePayOrder();
  const payOnline = usePayOnline();
  const gateways = usePrestoreInfo().data?.gateways ?? [];
  const short = shortfallOf(balanceFen, order.dueFen) > 0;
  const [picked, setPicked] = useState<Source | null>(null);
  const source: Source = picked ?? (short && gateways[0] ? gateways[0] : 'balance');
  const [leaving, setLeaving] = useState(false);
  const [qr, setQr] = useState<{ topup: TopupEntry; codeUrl: string } | null>(null);

  const submit = async () => {
    if (source === 'balance') {
      const done = await pay.mutateAsync({ orderId: order.id, idempotencyKey: balanceKey }).catch(() => null);
      if (!done) return; // the client has toasted why; the same key goes with a retry
      notify.success('支付成功');
      onClose();
      return;
    }
    const res = await payOnline.mutateAsync({ orderId: order.id, gateway: source, idempotencyKey: onlineKey }).catch(() => null);
    if (!res) return;
    if (res.start?.kind === 'redirect') {
      setLeaving(true);
      window.location.assign(res.start.url);
    } else if (res.start?.kind === 'qr') setQr({ topup: res.topup, codeUrl: res.start.codeUrl });
  };

  if (qr)
    return (
      <Suspense fallback={null}>
        <QrPayDialog topup={qr.topup} codeUrl={qr.codeUrl} orderNo={order.no} onClose={onClose} />
      </Suspense>
    );
  return (
    <Modal
      open
      title="支付订单"
      okText={source === 'balance' ? '确认支付' : '前往支付'}
      cancelText="取消"
      okButtonProps={{ disabled: source === 'balance' && short, loading: pay.isPending || payOnline.isPending || leaving }}
      onCancel={onClose}
      onOk={() => void submit()}
      destroyOnHidden
    >
      <p className={styles.muted} style={{ marginBottom: 12 }}>
        订单 {order.no} · {order.title}
      </p>
      <div className={styles.payWay}>
        <span className={styles.muted}>支付方式</span>
        <Radio.Group
          value={source}
          onChange={(e) => setPicked(e.target.value as Source)}
          optionType="button"
          buttonStyle="solid"
          options={[{ value: 'balance', label: '预存余额' }, ...gateways.map((g) => ({ value: g, label: GATEWAY_LABELS[g] }))]}
        />
      </div>
      {source === 'balance' ? (
        <BalanceCheck dueLabel="应付金额" dueFen={order.dueFen} balanceFen={balanceFen} />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered className={styles.facts}>
            <Descriptions.Item label="应付金额">
              <span className={styles.factAmount} data-testid="due-amount">
                {formatFen(order.dueFen)}
              </span>
            </Descriptions.Item>
          </Descriptions>
          <p className={styles.muted}>付款到账后订单自动完成支付，无需再操作；款项与订单付款会记入预存余额明细。</p>
        </>
      )}
    </Modal>
  );
}
