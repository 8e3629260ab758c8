import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useHotKeywords } from '@/lib/search-suggest.ts';
import styles from './suggested-keywords.module.css';

/**
 * Popular searches as links to /search?kw=… (ADR 0027): the operator's list,
 * or what customers call the most ordered items. `hero` sits on the blue
 * title band, under the search box.
 */
export function SuggestedKeywords({ label = '热门搜索', tone = 'plain' }: { label?: string; tone?: 'plain' | 'hero' }) {
  const { data } = useHotKeywords();
  return (
    <div className={tone === 'hero' ? `${styles.wrap} ${styles.hero}` : styles.wrap} aria-busy={!data}>
      {data && data.length > 0 && (
        <>
          <span className={styles.label}>{label}</span>
          {data.map((kw) => (
            <Link key={kw} to={paths.search(kw)} className={styles.kw}>
              {kw}
            </Link>
          ))}
        </>
      )}
    </div>
  );
}
