import type { Thanks } from '@yance/contracts/home';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SectionTitle } from '@/components/ui/section-title.tsx';
import { isExternal, paths } from '@/config/paths.ts';
import styles from './thanks-table.module.css';

/** Spec §9: the home thanks table shows at most 5 rows. */
export const THANKS_ROWS = 5;

/** Customer acknowledgements in papers (spec §2): 作者信息, 服务项目, 期刊信息, 致谢; 更多 → /list/thanks. */
export function ThanksTable({ rows }: { rows: Thanks[] }) {
  if (!rows.length) return null;
  return (
    <section className="home-section home-section--alt" aria-labelledby="home-thanks">
      <div className="container">
        <SectionTitle
          id="home-thanks"
          title="客户致谢"
          subtitle="研测的数据支撑了众多科研成果，感谢客户在论文中的致谢"
          more={paths.list('thanks')}
        />
        <div className={styles.wrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col" className={styles.colAuthor}>
                  作者信息
                </th>
                <th scope="col" className={styles.colItem}>
                  服务项目
                </th>
                <th scope="col" className={styles.colJournal}>
                  期刊信息
                </th>
                <th scope="col">致谢</th>
              </tr>
            </thead>
            <tbody>
              {rows.slice(0, THANKS_ROWS).map((r) => (
                <ThanksRow key={r.rid} row={r} />
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}

function ThanksRow({ row }: { row: Thanks }) {
  const [expanded, setExpanded] = useState(false);
  const [clamped, setClamped] = useState(false);
  const textRef = useRef<HTMLParagraphElement>(null);
  // Offer 展开 only when the two-line clamp actually hides text (depends on width).
  useLayoutEffect(() => {
    const el = textRef.current;
    if (!el || expanded) return;
    const measure = () => setClamped(el.scrollHeight > el.clientHeight + 1);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [expanded]);
  return (
    <tr>
      <td data-label="作者信息" className={styles.author}>
        <span>{row.company}</span>
      </td>
      <td data-label="服务项目">
        <span className={styles.item}>{row.title}</span>
      </td>
      <td data-label="期刊信息" className={styles.journal}>
        {isExternal(row.source) ? (
          <a href={row.source} target="_blank" rel="noopener noreferrer">
            {row.code}
          </a>
        ) : (
          <Link to={paths.article(row.rid)}>{row.code}</Link>
        )}
      </td>
      <td data-label="致谢">
        <div>
          <p
            ref={textRef}
            className={expanded ? styles.content : `${styles.content} ${styles.clamped}`}
            title={expanded ? undefined : row.content}
          >
            {row.content}
          </p>
          {(clamped || expanded) && (
            <button type="button" className={styles.toggle} onClick={() => setExpanded((v) => !v)} aria-expanded={expanded}>
              {expanded ? '收起' : '展开'}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}
