import { useId, type ReactNode } from 'react';
import styles from './panel.module.css';

/** A white card of the order pages with its heading (the section is named by it). */
export function Panel({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  const id = useId();
  return (
    <section className={styles.card} aria-labelledby={id} data-testid={testId}>
      <h2 className={styles.cardTitle} id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}
