import { useState } from 'react';
import type { DeviceDetail } from '@yance/contracts/catalog';
import type { PublicEvaluation } from '@yance/contracts/evaluation';
import { chinaToday } from '@yance/contracts/sampling-rules';
import { PageSection } from '@/components/page-section.tsx';
import { useDeviceEvaluations } from '../api/get-device-evaluations.ts';
import styles from './device-reviews.module.css';

/**
 * Five stars filled to `value` (halves too), read out as "N星": plain text and
 * CSS, so the item page stays free of antd (ADR 0026's pages without antd).
 */
function Stars({ value, small }: { value: number; small?: boolean }) {
  return (
    <span className={`${styles.starRow} ${small ? styles.starsSmall : styles.stars}`} role="img" aria-label={`${value}星`}>
      <span aria-hidden="true">★★★★★</span>
      <span className={styles.starFill} style={{ width: `${(value / 5) * 100}%` }} aria-hidden="true">
        ★★★★★
      </span>
    </span>
  );
}

/** 2026-11-25 in China time, the same on the server and in the browser (no hydration difference). */
const chinaDay = (iso: string) => chinaToday(new Date(iso));

/** The average with its stars and count (the top facts and the section's head). */
export function RatingSummary({ item, compact }: { item: DeviceDetail; compact?: boolean }) {
  if (item.rating_avg === null) return <span className={styles.quiet}>暂无评价</span>;
  return (
    <span className={styles.summary} data-testid="rating-summary">
      <Stars value={Math.round(item.rating_avg * 2) / 2} small={compact} />
      <strong className={styles.avg}>{item.rating_avg.toFixed(1)}</strong>
      <span className={styles.count}>{`${item.rating_count}条评价`}</span>
    </span>
  );
}

function Review({ e }: { e: PublicEvaluation }) {
  return (
    <li className={styles.review} data-testid="review">
      <div className={styles.who}>
        <span className={styles.account}>{e.account}</span>
        <Stars value={e.stars} small />
        <time className={styles.date} dateTime={e.createdAt}>
          {chinaDay(e.createdAt)}
        </time>
      </div>
      {e.comment ? <p className={styles.comment}>{e.comment}</p> : <p className={styles.quiet}>用户未填写评价内容</p>}
      {e.reply && (
        <div className={styles.reply}>
          <strong>客户经理回复：</strong>
          {e.reply.text}
        </div>
      )}
    </li>
  );
}

/** One page of comments after the first (查看更多). */
function MorePage({ rid, page }: { rid: string; page: number }) {
  const { data } = useDeviceEvaluations(rid, page);
  return data?.page === page ? data.list.map((e) => <Review key={e.id} e={e} />) : null;
}

/**
 * 用户评价: the latest comments (the first five come with the server's HTML),
 * each with its stars, masked account, date and the manager's reply; 查看更多
 * adds five at a time.
 */
export function DeviceReviews({ item }: { item: DeviceDetail }) {
  const first = useDeviceEvaluations(item.rid, 1);
  const [pages, setPages] = useState(1);
  const total = first.data?.total ?? item.rating_count;
  const pageSize = first.data?.pageSize ?? 5;
  const shown = Math.min(total, pages * pageSize);
  return (
    <PageSection title={<span id="reviews">用户评价</span>} extra={<RatingSummary item={item} />}>
      {total === 0 ? (
        <p className={styles.empty}>暂无评价，完成检测后可在订单中评价。</p>
      ) : (
        <>
          <ul className={styles.list}>
            {first.data?.list.map((e) => (
              <Review key={e.id} e={e} />
            ))}
            {Array.from({ length: pages - 1 }, (_, i) => (
              <MorePage key={i + 2} rid={item.rid} page={i + 2} />
            ))}
          </ul>
          {shown < total && (
            <button type="button" className={`btn-default ${styles.more}`} onClick={() => setPages((p) => p + 1)}>
              查看更多（{total - shown}）
            </button>
          )}
        </>
      )}
    </PageSection>
  );
}
