import type { Banner } from '@yance/contracts/home';
import { Link } from 'react-router';
import { isExternal, paths } from '@/config/paths.ts';
import styles from './home-banner.module.css';
import { ResponsiveImg } from '@/components/responsive-img.tsx';

interface BannerSlideProps {
  banner: Banner;
  /** The first slide is the page's largest paint: load it first and eagerly. */
  priority?: boolean;
  tabIndex?: number;
}

/** One banner: an external redirect opens in a new tab, otherwise it is a catalogue rid → /detail/:rid. */
export function BannerSlide({ banner, priority = false, tabIndex }: BannerSlideProps) {
  const content = (
    <>
      <ResponsiveImg
        className={styles.img}
        src={banner.img}
        alt={banner.title}
        width={1920}
        height={480}
        sizes="100vw"
        priority={priority}
        decoding={priority ? 'sync' : 'async'}
      />
      <span className={styles.shade} aria-hidden="true" />
      <span className={`container ${styles.caption}`}>
        <strong className={styles.title}>{banner.title}</strong>
        {banner.description && <span className={styles.desc}>{banner.description}</span>}
        <span className={styles.cta}>了解详情</span>
      </span>
    </>
  );
  return isExternal(banner.redirect) ? (
    <a className={styles.slide} href={banner.redirect} target="_blank" rel="noopener noreferrer" tabIndex={tabIndex}>
      {content}
    </a>
  ) : (
    <Link className={styles.slide} to={paths.detail(banner.redirect)} tabIndex={tabIndex}>
      {content}
    </Link>
  );
}
