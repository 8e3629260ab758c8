import type { WxTicketState } from '@yance/contracts/account';
import { Button, Result, Spin, Tabs } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useWxScan } from '../api/wx-scan.ts';
import { WxConfirmAccountForm, WxConfirmPhoneForm } from './wx-confirm-forms.tsx';
import styles from './wx-confirm.module.css';

/**
 * The page a WeChat QR of the local provider opens (phone or second tab):
 * marks the ticket scanned, then confirms it with an account and password or
 * a phone and SMS code; the polling computer then logs in.
 */
export function WxConfirm({ ticket }: { ticket: string }) {
  const scan = useWxScan();
  const [status, setStatus] = useState<WxTicketState | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    scan.mutate(ticket, { onSuccess: (r) => setStatus(r.status) });
  }, [scan, ticket]);

  const home = (
    <Link to={paths.home()}>
      <Button>返回首页</Button>
    </Link>
  );
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
    const onStatus = (s: WxTicketState) => setStatus(s);
    body = (
      <>
        <h1 className={styles.title}>确认登录研测</h1>
        <p className={styles.sub}>确认后，展示此二维码的电脑将登录您的研测账号。如果二维码不是您本人刚刚打开的，请勿确认。</p>
        <Tabs
          centered
          destroyOnHidden
          items={[
            { key: 'account', label: '账号密码', children: <WxConfirmAccountForm ticket={ticket} onStatus={onStatus} /> },
            { key: 'phone', label: '手机验证码', children: <WxConfirmPhoneForm ticket={ticket} onStatus={onStatus} /> },
          ]}
        />
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
