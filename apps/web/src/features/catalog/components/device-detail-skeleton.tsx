import { SkeletonBlock, SkeletonLines } from '@/components/ui/skeleton.tsx';
import styles from './device-summary-panel.module.css';

/** Placeholder with the shape of the detail panel while it loads. */
export function DeviceDetailSkeleton() {
  return (
    <section className={styles.panel} aria-busy="true">
      <SkeletonBlock className={styles.skeletonImg} />
      <SkeletonLines rows={8} />
    </section>
  );
}
