import type { DeviceSummary } from '@yance/contracts/catalog';
import type { ReactNode } from 'react';
import { Pager } from '@/components/pager.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { SkeletonBlock, SkeletonLines } from '@/components/ui/skeleton.tsx';
import { DeviceCard } from './device-card.tsx';
import styles from './device-grid.module.css';

/** Cards in the grid's first row at its widest (four across): their pictures are the first screen's. */
const FIRST_ROW = 4;

interface DeviceGridProps {
  items: DeviceSummary[] | undefined;
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  onPageChange: (page: number) => void;
  /** What to show when nothing matched. */
  empty?: ReactNode;
  renderName?: (name: string) => ReactNode;
}

/** Result cards in a responsive grid, with skeletons, an empty state and paging. */
export function DeviceGrid({ items, total, page, pageSize, loading, onPageChange, empty, renderName }: DeviceGridProps) {
  if (!items && loading) {
    return (
      <div className={styles.grid} aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className={styles.skeleton}>
            <SkeletonBlock className={styles.skeletonImg} />
            <SkeletonLines rows={3} />
          </div>
        ))}
      </div>
    );
  }
  if (!items || items.length === 0) {
    return <div className={styles.empty}>{empty ?? <EmptyState description="暂无符合条件的项目" />}</div>;
  }
  return (
    <>
      <div className={styles.grid} style={{ opacity: loading ? 0.6 : 1 }}>
        {items.map((item, i) => (
          <DeviceCard key={item.rid} item={item} renderName={renderName} priority={i < FIRST_ROW} />
        ))}
      </div>
      <Pager page={page} pageSize={pageSize} total={total} onChange={onPageChange} unit="项" />
    </>
  );
}
