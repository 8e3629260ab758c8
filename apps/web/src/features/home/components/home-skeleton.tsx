import styles from './home-state.module.css';

/** Placeholder while the home data loads: banner band plus card outlines (plain CSS, no extra JS). */
export function HomeSkeleton() {
  return (
    <div aria-busy="true" aria-label="正在加载">
      <div className={`${styles.shimmer} ${styles.bannerPlaceholder}`} />
      <div className={`container ${styles.cards}`}>
        {[0, 1, 2].map((i) => (
          <div key={i} className={styles.card}>
            <div className={`${styles.shimmer} ${styles.media}`} />
            <div className={`${styles.shimmer} ${styles.line}`} style={{ width: '40%' }} />
            <div className={`${styles.shimmer} ${styles.line}`} />
            <div className={`${styles.shimmer} ${styles.line}`} style={{ width: '75%' }} />
          </div>
        ))}
      </div>
    </div>
  );
}
