import type { WxTicketState } from '@yance/contracts/account';
import { Button, Spin } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { useWxTicket } from '../api/get-wx-ticket.ts';
import { qrCodeLogin } from '../api/qr-code-login.ts';
import { completeLogin } from '../utils/complete-login.ts';
import { WxBindForm } from './wx-bind-form.tsx';
import styles from './auth-dialog.module.css';

/** Spec §9: poll once per second. */
const POLL_MS = 1000;

/**
 * 微信扫码: a QR of the ticket's url, polled until confirmed, with the scanned
 * and expired states of spec §4. With the official account, a WeChat identity
 * we do not know yet scans as needBind: the tab asks for a phone instead
 * (WxBindForm) and the polling goes on until the bound ticket is confirmed.
 */
export function WxQrLogin({ onDone }: { onDone: () => void }) {
  const ticket = useWxTicket();
  const data = ticket.data;
  // The state belongs to one ticket; a refreshed ticket starts at waiting.
  const [polled, setPolled] = useState<{ ticket: string; status: WxTicketState; needBind: boolean } | null>(null);
  const current = polled && polled.ticket === data?.ticket ? polled : null;
  const status: WxTicketState = current?.status ?? 'waiting';

  useEffect(() => {
    if (!data) return;
    const setStatus = (s: WxTicketState, needBind = false) => setPolled({ ticket: data.ticket, status: s, needBind });
    const expiresAt = Date.now() + data.expire_seconds * 1000;
    const abort = new AbortController();
    let timer: number | undefined;
    const poll = async () => {
      const started = Date.now();
      if (started >= expiresAt) return setStatus('expired');
      try {
        const answer = await qrCodeLogin(data.ticket, abort.signal);
        if (abort.signal.aborted) return;
        if (answer.status === 'confirmed' && answer.token) {
          completeLogin(answer.token);
          onDone();
          return;
        }
        setStatus(answer.status, answer.needBind === true);
        if (answer.status === 'expired') return;
      } catch {
        if (abort.signal.aborted) return; // a timed-out poll is simply followed by the next
      }
      timer = window.setTimeout(() => void poll(), Math.max(0, POLL_MS - (Date.now() - started)));
    };
    timer = window.setTimeout(() => void poll(), POLL_MS);
    return () => {
      abort.abort();
      window.clearTimeout(timer);
    };
  }, [data, onDone]);

  const refresh = () => void ticket.refetch();
  const url = data ? new URL(data.url, window.location.origin) : null;
  const local = url?.origin === window.location.origin && url.pathname.startsWith('/wx/confirm/');

  if (data && status === 'scanned' && current?.needBind) return <WxBindForm ticket={data.ticket} />;

  return (
    <div className={styles.qr} data-testid="wx-qr" data-status={data ? status : 'loading'}>
      <div className={styles.qrBox}>
        {url ? <QRCodeSVG value={url.href} size={178} marginSize={0} title="微信扫码登录" /> : <Spin />}
        {ticket.isError && (
          <div className={styles.qrCover}>
            <strong>二维码获取失败</strong>
            <Button type="primary" onClick={refresh} loading={ticket.isFetching}>
              刷新
            </Button>
          </div>
        )}
        {data && status === 'scanned' && (
          <div className={styles.qrCover}>
            <span className={styles.ok}>✓</span>
            <strong>已扫码，请在手机上确认</strong>
          </div>
        )}
        {data && status === 'expired' && (
          <div className={styles.qrCover}>
            <strong>二维码已过期</strong>
            <Button type="primary" onClick={refresh} loading={ticket.isFetching}>
              刷新
            </Button>
          </div>
        )}
      </div>
      <p className={styles.qrHint}>请使用微信扫一扫，扫码后在手机上确认登录</p>
      {local && url && (
        <a className={styles.link} href={url.href} target="_blank" rel="noreferrer">
          无法扫码？在新窗口打开确认页
        </a>
      )}
    </div>
  );
}
