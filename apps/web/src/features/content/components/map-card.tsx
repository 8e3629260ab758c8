import { CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { notify } from '@yance/browser/notify';
import styles from './map-card.module.css';

/**
 * A drawn, map-like card for the office (no external map host: nothing to
 * load, nothing that tracks visitors), with a copy button for the address.
 */
export function MapCard({ address, express }: { address: string; express: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(express || address);
      notify.success('收样地址已复制');
    } catch {
      notify.warning('复制失败，请手动选择地址');
    }
  };
  return (
    <figure className={styles.card}>
      <svg viewBox="0 0 600 300" className={styles.map} role="img" aria-label={`位置示意：${address}`} preserveAspectRatio="xMidYMid slice">
        <rect width="600" height="300" fill="#eef3f9" />
        <path d="M-10 230 C 120 200, 180 260, 300 225 S 480 170, 610 205 L 610 300 L -10 300 Z" fill="#d6e6fb" />
        <rect x="40" y="30" width="120" height="70" rx="8" fill="#dcefdc" />
        <rect x="430" y="40" width="130" height="60" rx="8" fill="#dcefdc" />
        <g stroke="#fff" strokeLinecap="round">
          <path d="M0 130 H600" strokeWidth="16" />
          <path d="M250 0 V300" strokeWidth="14" />
          <path d="M0 60 L600 20" strokeWidth="8" />
          <path d="M400 0 L460 300" strokeWidth="8" />
          <path d="M90 130 V300" strokeWidth="6" />
          <path d="M250 190 H600" strokeWidth="6" />
        </g>
        <g fill="#c9d5e6">
          <rect x="280" y="60" width="50" height="50" rx="4" />
          <rect x="340" y="55" width="40" height="58" rx="4" />
          <rect x="120" y="150" width="100" height="28" rx="4" />
          <rect x="285" y="150" width="90" height="28" rx="4" />
          <rect x="480" y="140" width="80" height="36" rx="4" />
        </g>
        <circle cx="320" cy="132" r="42" fill="rgba(11,92,255,0.12)" />
        <path d="M320 88c-14 0-25 11-25 25 0 19 25 42 25 42s25-23 25-42c0-14-11-25-25-25z" fill="#0b5cff" />
        <circle cx="320" cy="113" r="9" fill="#fff" />
      </svg>
      <figcaption className={styles.caption}>
        <div className={styles.addr}>
          <strong>研测检测中心</strong>
          <span>{address}</span>
        </div>
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          复制收样地址
        </Button>
      </figcaption>
    </figure>
  );
}
