import { GATEWAY_LABELS, PRESTORE_BONUS_NOTE, type GatewayKey } from '@yance/contracts/ledger';
import type { PrestoreInfo } from '@yance/contracts/prestore';
import type { TopupEntry } from '@yance/contracts/topup';
import { notify } from '@yance/browser/notify';
import { Alert, Button, Checkbox, Form, Radio } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { yuanToFen } from '@yance/browser/format';
import { useAddTopup } from '../api/topups.ts';
import { useIdempotencyKey } from '../hooks/use-idempotency-key.ts';
import { AmountField, amountRules } from './amount-field.tsx';
import styles from './money.module.css';

const QrPayDialog = lazy(() => import('./qr-pay-dialog.tsx').then((m) => ({ default: m.QrPayDialog })));

interface OnlineValues {
  amount: number | null;
  gateway: GatewayKey;
  wantInvoice: boolean;
}

/**
 * 在线支付: amount, gateway, 同时申请开票. The trade starts on the server; a
 * redirect gateway (the local page, Alipay) takes the browser there and comes
 * back to ?topup=…, a QR gateway (WeChat Pay) shows its code here until paid.
 */
export function OnlineTopup({ info }: { info: PrestoreInfo }) {
  const [form] = Form.useForm<OnlineValues>();
  const add = useAddTopup();
  const keys = useIdempotencyKey();
  const [qr, setQr] = useState<{ topup: TopupEntry; codeUrl: string } | null>(null);
  const [leaving, setLeaving] = useState(false);

  if (info.gateways.length === 0) return <Alert type="info" showIcon title="暂未开通在线支付，请使用对公转账充值。" />;

  const submit = async (v: OnlineValues) => {
    const body = { method: 'online' as const, amountFen: yuanToFen(v.amount) ?? 0, gateway: v.gateway, wantInvoice: v.wantInvoice };
    const res = await add.mutateAsync({ ...body, idempotencyKey: keys.keyFor(body) }).catch(() => null);
    if (!res) return; // the client has toasted why; the same key goes with a retry
    keys.done();
    if (res.start?.kind === 'redirect') {
      setLeaving(true);
      window.location.assign(res.start.url);
    } else if (res.start?.kind === 'qr') setQr({ topup: res.topup, codeUrl: res.start.codeUrl });
    else if (res.topup.state === 'credited') notify.success('充值已到账');
  };

  return (
    <>
      <Form
        form={form}
        name="online-topup"
        layout="vertical"
        className={styles.form}
        initialValues={{ amount: null, gateway: info.gateways[0], wantInvoice: false }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="amount" label="充值金额" rules={amountRules(info)}>
          <AmountField info={info} />
        </Form.Item>
        <Form.Item name="gateway" label="支付方式" required>
          <Radio.Group
            options={info.gateways.map((g) => ({ value: g, label: GATEWAY_LABELS[g] }))}
            optionType="button"
            buttonStyle="solid"
          />
        </Form.Item>
        <Form.Item name="wantInvoice" valuePropName="checked" extra={`开票金额为实际充值金额。${PRESTORE_BONUS_NOTE}`}>
          <Checkbox>同时申请开票</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" loading={add.isPending || leaving}>
          立即充值
        </Button>
      </Form>
      {qr && (
        <Suspense fallback={null}>
          <QrPayDialog topup={qr.topup} codeUrl={qr.codeUrl} onClose={() => setQr(null)} />
        </Suspense>
      )}
    </>
  );
}
