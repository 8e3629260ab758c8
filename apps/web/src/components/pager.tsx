import type { MouseEvent, ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ChevronLeftIcon, ChevronRightIcon } from './ui/icons.tsx';
import styles from './pager.module.css';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** Goes to a page (the list keeps it in the URL's ?page). */
  onChange: (page: number) => void;
  /** What one of the things counted is called, for "共 N 项"; no total shown without it. */
  unit?: string;
}

export type PageItem = number | 'gap';

/**
 * The page numbers to show: the first and the last, the current one with
 * `around` on each side, and a gap where pages are left out (a gap of one
 * page shows that page instead).
 */
export function pageItems(current: number, count: number, around = 2): PageItem[] {
  const keep = new Set([1, count]);
  for (let p = current - around; p <= current + around; p++) if (p >= 1 && p <= count) keep.add(p);
  const pages = [...keep].sort((a, b) => a - b);
  const out: PageItem[] = [];
  pages.forEach((p, i) => {
    const prev = pages[i - 1];
    if (prev !== undefined && p - prev === 2) out.push(prev + 1);
    else if (prev !== undefined && p - prev > 2) out.push('gap');
    out.push(p);
  });
  return out;
}

/** A plain left click stays in the app; a middle click or a modified one opens the link as the browser does. */
const inApp = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/**
 * The centred page switcher under a list; nothing when everything fits on one
 * page. Every page is a real link (?page=N, the rest of the query kept), so a
 * crawler walks the whole list and a page opens in a new tab; in the app a
 * click goes through onChange.
 */
export function Pager({ page, pageSize, total, onChange, unit }: PagerProps) {
  const [search] = useSearchParams();
  const count = Math.ceil(total / pageSize);
  if (count <= 1) return null;
  const href = (p: number) => {
    const next = new URLSearchParams(search);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    const query = next.toString();
    return query ? `?${query}` : '?';
  };
  const link = (p: number, content: ReactNode, label: string, current = false) => (
    <a
      className={current ? `${styles.item} ${styles.current}` : styles.item}
      href={href(p)}
      aria-label={label}
      aria-current={current ? 'page' : undefined}
      onClick={(e) => {
        if (!inApp(e)) return;
        e.preventDefault();
        if (!current) onChange(p);
      }}
    >
      {content}
    </a>
  );
  const arrow = (p: number, enabled: boolean, label: string, icon: ReactNode) =>
    enabled ? (
      link(p, icon, label)
    ) : (
      <span className={`${styles.item} ${styles.disabled}`} aria-label={label} aria-disabled="true" role="link">
        {icon}
      </span>
    );
  return (
    <nav className={styles.pager} aria-label="分页">
      {unit ? <span className={styles.total}>{`共 ${total} ${unit}`}</span> : null}
      <ul className={styles.pages}>
        <li>{arrow(page - 1, page > 1, '上一页', <ChevronLeftIcon size={16} />)}</li>
        {pageItems(page, count).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>{link(item, item, `第 ${item} 页`, item === page)}</li>
          ),
        )}
        <li>{arrow(page + 1, page < count, '下一页', <ChevronRightIcon size={16} />)}</li>
      </ul>
    </nav>
  );
}
