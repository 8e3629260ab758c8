import { Fragment } from 'react';
import { Link } from 'react-router';
import styles from './breadcrumb.module.css';

export interface Crumb {
  title: string;
  /** Omit on the current page. */
  to?: string;
}

/** Where the page sits: links back up the trail, the last crumb (this page) as text. */
export function Breadcrumb({ crumbs, className }: { crumbs: Crumb[]; className?: string }) {
  return (
    <nav aria-label="面包屑" className={className ? `${styles.crumbs} ${className}` : styles.crumbs}>
      <ol>
        {crumbs.map((c, i) => (
          <Fragment key={`${i}-${c.title}`}>
            {i > 0 ? (
              <li className={styles.separator} aria-hidden="true">
                /
              </li>
            ) : null}
            <li aria-current={!c.to && i === crumbs.length - 1 ? 'page' : undefined}>
              {c.to ? <Link to={c.to}>{c.title}</Link> : c.title}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
