import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import styles from './suggested-keywords.module.css';

export const SUGGESTED_KEYWORDS = ['XRD', 'SEM', 'XPS', 'BET', '热分析', 'DFT计算'] as const;

/** Popular search terms as links to /search?kw=…. */
export function SuggestedKeywords({ label = '热门搜索' }: { label?: string }) {
  return (
    <div className={styles.wrap}>
      <span className={styles.label}>{label}</span>
      {SUGGESTED_KEYWORDS.map((kw) => (
        <Link key={kw} to={paths.search(kw)} className={styles.kw}>
          {kw}
        </Link>
      ))}
    </div>
  );
}
