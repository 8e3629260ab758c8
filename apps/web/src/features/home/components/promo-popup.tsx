import type { PromoPopup as PromoPopupData } from '@yance/contracts/home';
import { useEffect, useRef, useState } from 'react';
import { CloseIcon } from '@/components/ui/icons.tsx';
import { markPromoSeen } from '../utils/promo-schedule.ts';
import styles from './promo-popup.module.css';
import { ResponsiveImg } from '@/components/responsive-img.tsx';

/**
 * Spec §4: the promotional popup starts visible and closes on × (or Esc, or a
 * click outside) or after it is clicked, which opens the article in a new tab.
 * Its picture holds no words: the headline is text. Opening it counts as the
 * day's showing (the route decides when it is due). A native modal <dialog>:
 * focus handling and Esc for free, no dialog library on the home page.
 */
export function PromoPopup({ popup, onClose }: { popup: PromoPopupData; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(true);

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    if (!dialog.open) {
      dialog.showModal();
      markPromoSeen();
    }
    const root = document.documentElement;
    const before = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = before;
    };
  }, [open]);

  const close = () => {
    ref.current?.close();
    setOpen(false);
    onClose();
  };

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-label={popup.title}
      onClose={() => {
        setOpen(false);
        onClose();
      }}
      onClick={(e) => e.target === e.currentTarget && close()}
    >
      {/* Focus lands on the panel itself, not on × (which would show a focus ring on load). */}
      <div className={styles.panel} tabIndex={-1} autoFocus>
        <button type="button" className={styles.close} onClick={close} aria-label="关闭">
          <CloseIcon size={18} />
        </button>
        <a className={styles.link} href={popup.url} target="_blank" rel="noopener noreferrer" onClick={close}>
          <ResponsiveImg
            className={styles.img}
            src={popup.img}
            alt=""
            width={520}
            height={300}
            sizes="(max-width: 560px) 100vw, 520px"
            maxWidth={1040}
          />
          <span className={styles.caption}>
            <strong className={styles.title}>{popup.title}</strong>
            <span className={styles.more}>查看详情</span>
          </span>
        </a>
      </div>
    </dialog>
  );
}
