import { Breadcrumb } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './page-hero.module.css';

export interface Crumb {
  title: string;
  /** Omit on the current page. */
  to?: string;
}

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
  const items = [{ title: '首页', to: '/' }, ...crumbs].map((c, i) => ({
    key: `${i}-${c.title}`,
    title: c.to ? <Link to={c.to}>{c.title}</Link> : c.title,
  }));
  return (
    <section className={compact ? `${styles.hero} ${styles.compact}` : styles.hero}>
      <div className={`container ${styles.inner}`}>
        <Breadcrumb className={styles.crumbs} items={items} />
        <h1 className={styles.title}>{title}</h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
        {children}
      </div>
    </section>
  );
}
