import { Button } from 'antd';
import { QRCodeCanvas } from 'qrcode.react';
import { useEffect, useRef } from 'react';
import { notify } from '@yance/browser/notify';
import styles from './invite.module.css';

const W = 600;
const H = 860;

/** Draws the poster: the shop's name, an invitation line, the link's QR and the code. */
function draw(poster: HTMLCanvasElement, qr: HTMLCanvasElement, shopName: string, code: string, reward: string) {
  const c = poster.getContext('2d');
  if (!c) return;
  const bg = c.createLinearGradient(0, 0, 0, H);
  bg.addColorStop(0, '#16233b');
  bg.addColorStop(1, '#2c4a7a');
  c.fillStyle = bg;
  c.fillRect(0, 0, W, H);
  c.textAlign = 'center';
  c.fillStyle = '#ffffff';
  c.font = '600 34px "PingFang SC","Noto Sans SC","Microsoft YaHei",sans-serif';
  c.fillText(shopName, W / 2, 96);
  c.font = '24px "PingFang SC","Noto Sans SC","Microsoft YaHei",sans-serif';
  c.fillStyle = '#c9d6ee';
  c.fillText('专业检测 · 在线下单 · 报告可查', W / 2, 142);
  c.fillStyle = '#ffffff';
  c.beginPath();
  c.roundRect(90, 200, W - 180, 470, 24);
  c.fill();
  c.drawImage(qr, 140, 230, W - 280, W - 280);
  c.fillStyle = '#16233b';
  c.font = '22px "PingFang SC","Noto Sans SC","Microsoft YaHei",sans-serif';
  c.fillText('扫码注册，开启您的检测之旅', W / 2, 640);
  c.fillStyle = '#ffffff';
  c.font = '24px "PingFang SC","Noto Sans SC","Microsoft YaHei",sans-serif';
  c.fillText('我的邀请码', W / 2, 730);
  c.font = '600 44px "SFMono-Regular",Menlo,Consolas,monospace';
  c.fillText(code, W / 2, 786);
  if (reward) {
    c.font = '20px "PingFang SC","Noto Sans SC","Microsoft YaHei",sans-serif';
    c.fillStyle = '#ffd666';
    c.fillText(reward, W / 2, 830);
  }
}

/** 邀请海报: drawn on a canvas from the link's QR, saved by the customer as a PNG. */
export function InvitePoster({ link, code, shopName, reward }: { link: string; code: string; shopName: string; reward: string }) {
  const qrRef = useRef<HTMLCanvasElement>(null);
  const posterRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (qrRef.current && posterRef.current) draw(posterRef.current, qrRef.current, shopName, code, reward);
  }, [link, code, shopName, reward]);

  const save = () => {
    const poster = posterRef.current;
    if (!poster) return;
    poster.toBlob((blob) => {
      if (!blob) return notify.warning('海报生成失败，请长按图片保存');
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `邀请海报-${code}.png`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    }, 'image/png');
  };

  return (
    <div className={styles.poster}>
      <QRCodeCanvas
        ref={qrRef}
        value={link}
        size={320}
        marginSize={1}
        level="M"
        fgColor="#16233b"
        className={styles.hidden}
        aria-hidden="true"
      />
      <canvas
        ref={posterRef}
        width={W}
        height={H}
        className={styles.posterCanvas}
        role="img"
        aria-label={`邀请海报：${shopName}，邀请码 ${code}`}
        data-testid="invite-poster"
      />
      <Button type="primary" onClick={save}>
        保存海报
      </Button>
    </div>
  );
}
