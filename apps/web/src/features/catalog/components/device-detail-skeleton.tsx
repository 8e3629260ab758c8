import { Skeleton } from 'antd';
import styles from './device-summary-panel.module.css';

/** Placeholder with the shape of the detail panel while it loads. */
export function DeviceDetailSkeleton() {
  return (
    <section className={styles.panel} aria-busy="true">
      <Skeleton.Image active style={{ width: '100%', height: 300 }} />
      <Skeleton active paragraph={{ rows: 8 }} />
    </section>
  );
}
