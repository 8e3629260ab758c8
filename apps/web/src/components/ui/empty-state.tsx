import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

/** Nothing to show: a quiet drawing of an empty tray, what is missing, and what to do about it. */
export function EmptyState({ description, children }: { description: ReactNode; children?: ReactNode }) {
  return (
    <div className={styles.empty}>
      <svg width="72" height="48" viewBox="0 0 72 48" aria-hidden="true" focusable="false">
        <ellipse cx="36" cy="42" rx="30" ry="5" fill="#f0f3f8" />
        <path d="M14 18 22 6h28l8 12v18a3 3 0 0 1-3 3H17a3 3 0 0 1-3-3z" fill="#fafbfd" stroke="#d6deea" strokeWidth="1.5" />
        <path d="M14 18h14a8 8 0 0 0 16 0h14" fill="none" stroke="#d6deea" strokeWidth="1.5" />
      </svg>
      <p className={styles.text}>{description}</p>
      {children ? <div className={styles.actions}>{children}</div> : null}
    </div>
  );
}
