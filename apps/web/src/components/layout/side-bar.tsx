import { useEffect, useState } from 'react';
import { ArrowUpIcon, PhoneIcon, WechatIcon } from '@/components/ui/icons.tsx';
import { LazyQrCodeCard } from '@/components/ui/lazy-qr-code-card.tsx';
import { paths } from '@/config/paths.ts';
import styles from './side-bar.module.css';

const SHOW_TOP_AFTER = 360;

/** Fixed right-hand bar: 客服电话, 微信 QR and back-to-top (shown after scrolling). */
export function SideBar({ phone, hours }: { phone?: string; hours: string }) {
  const [showTop, setShowTop] = useState(false);
  const [openPanel, setOpenPanel] = useState<'phone' | 'wechat' | null>(null);
  // The QR encoder loads the first time the WeChat panel is wanted, not with the page.
  const [wechatWanted, setWechatWanted] = useState(false);

  useEffect(() => {
    const onScroll = () => setShowTop(window.scrollY > SHOW_TOP_AFTER);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const toggle = (p: 'phone' | 'wechat') => setOpenPanel((cur) => (cur === p ? null : p));
  const itemClass = (p: 'phone' | 'wechat') => `${styles.item} ${openPanel === p ? styles.open : ''}`;

  return (
    <aside className={styles.bar} aria-label="快捷服务" onMouseLeave={() => setOpenPanel(null)}>
      <div className={itemClass('phone')}>
        <button type="button" className={styles.button} onClick={() => toggle('phone')} aria-expanded={openPanel === 'phone'}>
          <PhoneIcon size={20} />
          <span>客服电话</span>
        </button>
        <div className={styles.panel} role="dialog" aria-label="客服电话">
          <strong>客服电话</strong>
          {phone ? <a href={`tel:${phone}`}>{phone}</a> : <span>加载中…</span>}
          <small>{hours}</small>
        </div>
      </div>
      <div className={itemClass('wechat')} onPointerEnter={() => setWechatWanted(true)} onFocus={() => setWechatWanted(true)}>
        <button type="button" className={styles.button} onClick={() => toggle('wechat')} aria-expanded={openPanel === 'wechat'}>
          <WechatIcon size={20} />
          <span>微信咨询</span>
        </button>
        <div className={styles.panel} role="dialog" aria-label="客服微信">
          {wechatWanted && <LazyQrCodeCard path={paths.contact()} caption="扫码添加客服微信" size={120} />}
        </div>
      </div>
      <button
        type="button"
        className={`${styles.button} ${styles.top} ${showTop ? styles.topVisible : ''}`}
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        aria-label="返回顶部"
        tabIndex={showTop ? 0 : -1}
      >
        <ArrowUpIcon size={20} />
        <span>顶部</span>
      </button>
    </aside>
  );
}
