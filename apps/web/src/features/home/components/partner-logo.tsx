import type { Partner } from '@yance/contracts/home';
import { isExternal } from '@/config/paths.ts';
import styles from './partner-strip.module.css';

/** One partner logo card; its site opens in a new tab. */
export function PartnerLogo({ partner }: { partner: Partner }) {
  // Lazy: the strip is at the bottom of the page (in the server's HTML too); the browser loads the logos as it nears them.
  const img = <img src={partner.img} alt={partner.name} width={200} height={80} loading="lazy" decoding="async" />;
  return isExternal(partner.url) ? (
    <a className={styles.logo} href={partner.url} target="_blank" rel="noopener noreferrer" title={partner.name}>
      {img}
    </a>
  ) : (
    <span className={styles.logo} title={partner.name}>
      {img}
    </span>
  );
}
