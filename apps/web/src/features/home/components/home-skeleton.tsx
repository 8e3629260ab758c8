import { Skeleton } from 'antd';
import styles from './home-state.module.css';

/** Placeholder while the home data loads: banner band plus card outlines. */
export function HomeSkeleton() {
  return (
    <div aria-busy="true" aria-label="正在加载">
      <div className={styles.bannerPlaceholder} />
      <div className={`container ${styles.cards}`}>
        {[0, 1, 2].map((i) => (
          <div key={i} className={styles.card}>
            <Skeleton.Node active style={{ width: '100%', height: 150 }} />
            <Skeleton active paragraph={{ rows: 3 }} />
          </div>
        ))}
      </div>
    </div>
  );
}
