import type { ReactNode } from 'react';
import { ArrowSmallDownIcon, ArrowSmallUpIcon } from '@/components/ui/icons.tsx';
import type { DeviceSort } from '../api/search-devices.ts';
import styles from './sort-bar.module.css';

interface SortBarProps {
  sort: DeviceSort;
  onChange: (sort: DeviceSort) => void;
  /** Left-hand summary, e.g. the result count. */
  summary?: ReactNode;
}

/** 综合 / 下单量 / 价格 (click 价格 again to flip ascending and descending). */
export function SortBar({ sort, onChange, summary }: SortBarProps) {
  const priceActive = sort === 'price_asc' || sort === 'price_desc';
  const button = (key: string, active: boolean, label: ReactNode, next: DeviceSort) => (
    <button
      key={key}
      type="button"
      className={active ? `${styles.btn} ${styles.active}` : styles.btn}
      aria-pressed={active}
      onClick={() => onChange(next)}
    >
      {label}
    </button>
  );
  return (
    <div className={styles.bar}>
      <div className={styles.group} role="group" aria-label="排序">
        <span className={styles.label}>排序</span>
        {button('relevance', sort === 'relevance', '综合', 'relevance')}
        {button('order', sort === 'order', '下单量', 'order')}
        {button(
          'price',
          priceActive,
          <>价格 {sort === 'price_desc' ? <ArrowSmallDownIcon size={13} /> : <ArrowSmallUpIcon size={13} />}</>,
          sort === 'price_asc' ? 'price_desc' : 'price_asc',
        )}
      </div>
      {summary ? <div className={styles.summary}>{summary}</div> : null}
    </div>
  );
}
