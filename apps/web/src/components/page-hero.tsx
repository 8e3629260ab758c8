import type { ReactNode } from 'react';
import { Breadcrumb, type Crumb } from './ui/breadcrumb.tsx';
import styles from './page-hero.module.css';

export type { Crumb };

interface PageHeroProps {
  title: ReactNode;
  /** Trail after 首页; the last one is usually the current page. */
  crumbs: Crumb[];
  subtitle?: ReactNode;
  /** Extra content under the title (tabs, stats, a search box). */
  children?: ReactNode;
  /** A slimmer band for pages whose own content repeats the title (item detail). */
  compact?: boolean;
}

/** The title band at the top of every inner page: breadcrumb, heading, optional subtitle. */
export function PageHero({ title, crumbs, subtitle, children, compact }: PageHeroProps) {
  return (
    <section className={compact ? `${styles.hero} ${styles.compact}` : styles.hero}>
      <div className={`container ${styles.inner}`}>
        <Breadcrumb className={styles.crumbs} crumbs={[{ title: '首页', to: '/' }, ...crumbs]} />
        <h1 className={styles.title}>{title}</h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
        {children}
      </div>
    </section>
  );
}
