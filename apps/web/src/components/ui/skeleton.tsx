import styles from './skeleton.module.css';

/** Grey bars where text will be, shimmering while it loads (a title and `rows` lines). */
export function SkeletonLines({ rows = 3, title = true }: { rows?: number; title?: boolean }) {
  return (
    <div className={styles.lines} aria-hidden="true">
      {title ? <span className={`${styles.bar} ${styles.title}`} /> : null}
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className={styles.bar} style={i === rows - 1 ? { width: '61%' } : undefined} />
      ))}
    </div>
  );
}

/** A grey block of any shape, shimmering (pictures, buttons). */
export function SkeletonBlock({ className }: { className?: string }) {
  return <span className={className ? `${styles.block} ${className}` : styles.block} aria-hidden="true" />;
}
