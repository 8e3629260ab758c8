import type { Partner } from '@yance/contracts/home';
import { isExternal } from '@/config/paths.ts';
import styles from './partner-strip.module.css';
import { ResponsiveImg } from '@/components/responsive-img.tsx';

/** One partner card: its emblem and its name as text (never drawn into the image); its site opens in a new tab. */
export function PartnerLogo({ partner }: { partner: Partner }) {
  // Lazy: the strip is at the bottom of the page (in the server's HTML too); the browser loads the emblems as it nears them.
  const content = (
    <>
      <ResponsiveImg className={styles.emblem} src={partner.img} alt="" width={44} height={44} sizes="44px" maxWidth={88} />
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
