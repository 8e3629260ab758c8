import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRightIcon } from './icons.tsx';
import styles from './section-title.module.css';

interface SectionTitleProps {
  title: string;
  subtitle?: ReactNode;
  /** "更多" link target. */
  more?: string;
  moreLabel?: string;
  id?: string;
}

/** A home-style section heading: title, subtitle, optional "更多" link. */
export function SectionTitle({ title, subtitle, more, moreLabel = '更多', id }: SectionTitleProps) {
  return (
    <div className={styles.head}>
      <div>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      </div>
      {more && (
        <Link to={more} className={styles.more}>
          {moreLabel}
          <ChevronRightIcon size={15} />
        </Link>
      )}
    </div>
  );
}
