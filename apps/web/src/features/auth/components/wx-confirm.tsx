import type { WxScanResponse } from '@yance/contracts/account';
import { Button, Descriptions, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@yance/browser/api-client';
import { useWxConfirm } from '../api/wx-confirm.ts';
import { useWxScan } from '../api/wx-scan.ts';
import { useSignedIn } from '@/lib/use-signed-in.ts';
import { openLoginPrompt } from '../hooks/use-login-prompt.ts';
import { FormError } from './form-error.tsx';
import styles from './wx-confirm.module.css';
import { formatTime } from '@/lib/format.ts';

const when = (iso: string) => (iso ? formatTime(iso) : '—');

/**
 * The page a WeChat QR of the local provider opens (phone or second tab):
 * marks the ticket scanned and shows where and when the login was asked for;
 * the account signed in on this device confirms it (ADR 0021). A device
 * without a session signs in first with the usual popup.
 */
export function WxConfirm({ ticket }: { ticket: string }) {
  const scan = useWxScan();
  const confirm = useWxConfirm();
  const signedIn = useSignedIn();
  const [ticketInfo, setTicketInfo] = useState<WxScanResponse | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    scan.mutate(ticket, { onSuccess: setTicketInfo });
  }, [scan, ticket]);

  const home = (
    <Link to={paths.home()}>
      <Button>返回首页</Button>
    </Link>
  );
  const status = ticketInfo?.status ?? null;
  let body;
  if (scan.isError) {
    const msg = scan.error instanceof ApiError ? scan.error.message : '请稍后再试';
    body = <Result status="warning" title="二维码无效或已过期" subTitle={`${msg}。请在电脑端刷新二维码后重新扫码。`} extra={home} />;
  } else if (status === null) {
    body = <Spin size="large" style={{ display: 'block', margin: '40px auto' }} />;
  } else if (status === 'expired') {
    body = <Result status="warning" title="二维码已过期" subTitle="请在电脑端点击刷新，重新扫码。" extra={home} />;
  } else if (status === 'confirmed') {
    body = <Result status="success" title="已确认，请返回电脑端" subTitle="电脑端将自动完成登录，本页面可以关闭。" />;
  } else {
    const onConfirm = () => confirm.mutate(ticket, { onSuccess: (r) => setTicketInfo((t) => (t ? { ...t, status: r.status } : t)) });
    body = (
      <>
        <h1 className={styles.title}>确认登录研测</h1>
        <p className={styles.sub}>确认后，展示此二维码的电脑将登录您的研测账号。如果二维码不是您本人刚刚打开的，请勿确认。</p>
        <Descriptions column={1} size="small" bordered className={styles.request} aria-label="登录请求">
          <Descriptions.Item label="请求IP">{ticketInfo?.requestIp || '未知'}</Descriptions.Item>
          <Descriptions.Item label="请求时间">{when(ticketInfo?.requestedAt ?? '')}</Descriptions.Item>
        </Descriptions>
        {signedIn ? (
          <>
            <FormError error={confirm.error} />
            <Button type="primary" size="large" block loading={confirm.isPending} onClick={onConfirm}>
              确认登录
            </Button>
          </>
        ) : (
          <>
            <p className={styles.sub}>请先在本设备登录您的研测账号，再确认电脑端登录。</p>
            <Button type="primary" size="large" block onClick={() => openLoginPrompt('登录后即可确认电脑端的扫码登录')}>
              登录后确认
            </Button>
          </>
        )}
      </>
    );
  }
  return (
    <div className={styles.page}>
      <div className={styles.card} data-testid="wx-confirm" data-status={scan.isError ? 'error' : (status ?? 'loading')}>
        {body}
      </div>
    </div>
  );
}
