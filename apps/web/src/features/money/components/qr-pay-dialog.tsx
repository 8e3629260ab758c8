import { GATEWAY_LABELS } from '@yance/contracts/ledger';
import type { TopupEntry } from '@yance/contracts/topup';
import { formatFen } from '@yance/browser/format';
import { Button, Modal, Result, Spin } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useTopupWatch } from '../hooks/use-topup-watch.ts';
import styles from './money.module.css';

/**
 * A QR gateway's code (WeChat Pay Native), polled until the trade is credited;
 * closing it leaves the trade pending in 充值记录. An order's payment (orderNo)
 * is named by its order, not as a 充值单 (issue 21).
 */
export function QrPayDialog({
  topup,
  codeUrl,
  orderNo,
  onClose,
}: {
  topup: TopupEntry;
  codeUrl: string;
  orderNo?: string;
  onClose: () => void;
}) {
  const watch = useTopupWatch(topup.no, null);
  const gateway = topup.gateway ? GATEWAY_LABELS[topup.gateway] : '手机';
  const forOrder = orderNo !== undefined || topup.payOrderIds.length > 0;
  const what = orderNo ? `订单 ${orderNo} 的支付` : forOrder ? '订单支付' : '充值单';
  return (
    <Modal open title="扫码支付" onCancel={onClose} footer={null} destroyOnHidden width={380}>
      {watch.status === 'credited' ? (
        <Result
          status="success"
          title={forOrder ? '支付成功' : '充值成功'}
          subTitle={
            forOrder
              ? `已支付 ${formatFen(watch.topup.amountFen)}，${orderNo ? `订单 ${orderNo} ` : '订单'}已付款`
              : `到账 ${formatFen(watch.topup.amountFen)}${watch.topup.bonusFen > 0 ? `，赠送 ${formatFen(watch.topup.bonusFen)}` : ''}`
          }
          extra={
            <Button type="primary" onClick={onClose}>
              完成
            </Button>
          }
        />
      ) : watch.status === 'ended' ? (
        <Result
          status="warning"
          title={forOrder ? '支付已关闭' : '充值单已关闭'}
          subTitle={`${what}（${topup.no}）未到账；如已付款，请联系客服。`}
          extra={<Button onClick={onClose}>关闭</Button>}
        />
      ) : (
        <div className={styles.qr}>
          <p className={styles.cardTitle}>
            请使用{gateway}扫码支付 <span className={styles.amount}>{formatFen(topup.amountFen)}</span>
          </p>
          <QRCodeSVG value={codeUrl} size={200} level="M" title={`${gateway}支付二维码`} />
          <p className={styles.muted}>
            <Spin size="small" /> 等待支付结果…
          </p>
          <p className={styles.muted}>
            {forOrder
              ? `${orderNo ? `订单 ${orderNo}，` : ''}支付单号 ${topup.no}。关闭后订单仍在待付款中，可再次支付。`
              : `充值单号 ${topup.no}。关闭后可在充值记录中查看或关闭这笔充值。`}
          </p>
        </div>
      )}
    </Modal>
  );
}
