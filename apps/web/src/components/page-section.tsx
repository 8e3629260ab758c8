import type { ReactNode } from 'react';
import styles from './page-section.module.css';

/** The white content panel under a PageHero; keeps inner pages on one rhythm. */
export function PageSection({ children, title, extra }: { children: ReactNode; title?: ReactNode; extra?: ReactNode }) {
  return (
    <section className={styles.panel}>
      {title || extra ? (
        <header className={styles.head}>
          {title ? <h2 className={styles.title}>{title}</h2> : <span />}
          {extra}
        </header>
      ) : null}
      {children}
    </section>
  );
}

/** Page body wrapper: the centred container with vertical spacing. */
export function PageBody({ children }: { children: ReactNode }) {
  return <div className={`container ${styles.body}`}>{children}</div>;
}
