import type { Partner } from '@yance/contracts/home';
import { isExternal } from '@/config/paths.ts';
import styles from './partner-strip.module.css';

/** One partner card: its emblem and its name as text (never drawn into the image); its site opens in a new tab. */
export function PartnerLogo({ partner }: { partner: Partner }) {
  // Eager: the emblems are tiny and the strip renders after first paint; a moving strip must never show empty cards.
  const content = (
    <>
      <img className={styles.emblem} src={partner.img} alt="" width={44} height={44} decoding="async" />
      <span className={styles.name}>{partner.name}</span>
    </>
  );
  return isExternal(partner.url) ? (
    <a className={styles.logo} href={partner.url} target="_blank" rel="noopener noreferrer">
      {content}
    </a>
  ) : (
    <span className={styles.logo}>{content}</span>
  );
}
