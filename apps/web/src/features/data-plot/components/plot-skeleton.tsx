import { SkeletonBlock } from '@/components/ui/skeleton.tsx';
import styles from './plot-skeleton.module.css';

/** Where the chart will be while its code or files load: the house's CSS skeleton (no style computed at run time). */
export function PlotSkeleton() {
  return <SkeletonBlock className={styles.skeleton} />;
}
