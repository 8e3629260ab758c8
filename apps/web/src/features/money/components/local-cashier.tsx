import { formatFen } from '@yance/browser/format';
import { Alert, Button, Descriptions, Result, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { postLocalCallback, useLocalTrade } from '../api/local-pay.ts';
import { useNow } from '../hooks/use-now.ts';
import { countdownText } from '../utils/money-view.ts';
import styles from './cashier.module.css';

/**
 * /pay/local/:no/:key — the local gateway's cashier (ADR 0050): what a real
 * gateway's page would show, and 确认支付 posts the trade's signed callback
 * exactly as a gateway does, then returns to the shop. Demo only: production
 * refuses the local gateway.
 */
export function LocalCashier({ no, pageKey }: { no: string; pageKey: string }) {
  const trade = useLocalTrade(no, pageKey);
  const navigate = useNavigate();
  const now = useNow();
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const back = (to: string) => void navigate(to, { replace: true });

  let body;
  if (trade.isError)
    body = (
      <Result
        status="warning"
        title="支付单不存在"
        subTitle="请返回会员中心重新发起支付。"
        extra={<Button onClick={() => back('/member')}>返回会员中心</Button>}
      />
    );
  else if (!trade.data) body = <Spin size="large" style={{ display: 'block', margin: '40px auto' }} />;
  else {
    const t = trade.data;
    const expired = t.expiresAt !== null && new Date(t.expiresAt).getTime() <= now;
    const pay = async () => {
      if (!t.callback) return;
      setPaying(true);
      setFailure(null);
      try {
        await postLocalCallback(t.callback);
        back(t.returnTo);
      } catch (e) {
        setFailure(e instanceof Error ? e.message : '支付未成功，请稍后重试');
        setPaying(false);
      }
    };
    if (t.state === 'credited')
      body = (
        <Result
          status="success"
          title="已支付"
          subTitle={`支付单 ${t.no} 已完成支付。`}
          extra={
            <Button type="primary" onClick={() => back(t.returnTo)}>
              返回
            </Button>
          }
        />
      );
    else if (t.state !== 'pending' || !t.callback)
      body = (
        <Result
          status="warning"
          title="支付单已关闭"
          subTitle="这笔交易已关闭，不能再支付。"
          extra={<Button onClick={() => back(t.returnTo)}>返回</Button>}
        />
      );
    else
      body = (
        <>
          <p className={styles.cashierAmount} data-testid="cashier-amount">
            {formatFen(t.amountFen)}
          </p>
          {t.expiresAt && (
            <p className={styles.cashierCountdown}>
              {expired ? (
                '支付已超时，请返回后重新发起支付'
              ) : (
                <>
                  请在 <strong>{countdownText(t.expiresAt, now)}</strong> 内完成支付
                </>
              )}
            </p>
          )}
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="商品">{t.subject}</Descriptions.Item>
            <Descriptions.Item label="支付单号">{t.no}</Descriptions.Item>
            <Descriptions.Item label="收款方">研测（本地支付演示）</Descriptions.Item>
          </Descriptions>
          {failure && <Alert type="error" showIcon title={failure} />}
          <div className={styles.cashierButtons}>
            <Button type="primary" size="large" block loading={paying} disabled={expired} onClick={() => void pay()}>
              确认支付
            </Button>
            <Button size="large" block disabled={paying} onClick={() => back(t.returnTo)}>
              取消支付
            </Button>
          </div>
          <p className={styles.muted} style={{ textAlign: 'center' }}>
            本页模拟支付平台的收银台：确认后发送签名的支付结果通知，不会产生真实扣款。
          </p>
        </>
      );
  }
  return (
    <div className={styles.cashierPage}>
      <div className={styles.cashier} data-testid="local-cashier" data-state={trade.data?.state ?? (trade.isError ? 'error' : 'loading')}>
        <h1 className={styles.cashierBrand}>研测本地支付（演示）</h1>
        {body}
      </div>
    </div>
  );
}
