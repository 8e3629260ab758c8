import type { PromoPopup as PromoPopupData } from '@yance/contracts/home';
import { Modal } from 'antd';
import { useState } from 'react';
import styles from './promo-popup.module.css';

/** Spec §4: starts visible; closes on × or after its image is clicked (which opens the article in a new tab). */
export function PromoPopup({ popup }: { popup: PromoPopupData }) {
  const [open, setOpen] = useState(true);
  const close = () => setOpen(false);
  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      centered
      width={460}
      destroyOnHidden
      aria-label={popup.title}
      classNames={{ container: styles.container }}
      styles={{ body: { padding: 0 } }}
    >
      <a className={styles.link} href={popup.url} target="_blank" rel="noopener noreferrer" onClick={close}>
        <img className={styles.img} src={popup.img} alt={popup.title} width={460} height={575} />
        <span className={styles.caption}>
          <strong>{popup.title}</strong>
          <span className={styles.more}>查看详情</span>
        </span>
      </a>
    </Modal>
  );
}
