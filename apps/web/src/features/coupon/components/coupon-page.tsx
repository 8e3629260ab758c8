import { COUPON_TAB_NAMES, COUPON_TABS, type CouponTab } from '@yance/contracts/coupon-states';
import { Pagination, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { ErrorState } from '@/components/error-state.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { useCoupons } from '../api/coupons.ts';
import { CouponCard } from './coupon-card.tsx';
import styles from './coupon.module.css';

const PAGE_SIZE = 12;

/** /member/coupon (ADR 0053): 可使用 / 已使用 / 已过期, each with its count; coupons are chosen when ordering. */
export function CouponPage() {
  const [tab, setTab] = useState<CouponTab>('usable');
  const [page, setPage] = useState(1);
  const coupons = useCoupons(tab, page, PAGE_SIZE);
  const counts = coupons.data?.counts;

  let body;
  if (coupons.isError) body = <ErrorState message={coupons.error.message} onRetry={() => void coupons.refetch()} />;
  else if (!coupons.data) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (coupons.data.list.length === 0)
    body = (
      <EmptyState description={tab === 'usable' ? '暂无可使用的优惠券' : tab === 'used' ? '暂无已使用的优惠券' : '暂无已过期的优惠券'} />
    );
  else
    body = (
      <>
        <ul className={styles.grid} aria-busy={coupons.isPlaceholderData}>
          {coupons.data.list.map((c) => (
            <CouponCard key={c.id} coupon={c} dim={tab !== 'usable'} />
          ))}
        </ul>
        {coupons.data.total > PAGE_SIZE && (
          <Pagination
            style={{ marginTop: 16, textAlign: 'right' }}
            current={page}
            pageSize={PAGE_SIZE}
            total={coupons.data.total}
            onChange={setPage}
            showSizeChanger={false}
          />
        )}
      </>
    );

  return (
    <section className={styles.card}>
      <div className={styles.head}>
        <h2 className={styles.title}>我的优惠券</h2>
        <p className={styles.muted}>下单时在「费用明细」中选择，每单可用一张，系统推荐最省的一张</p>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setTab(k as CouponTab);
          setPage(1);
        }}
        // Narrow gutters and the count as a small badge: the three tabs fit a phone's width (issue 21).
        tabBarGutter={20}
        items={COUPON_TABS.map((k) => ({
          key: k,
          label: (
            <span>
              {COUPON_TAB_NAMES[k]}
              {counts && <span className={styles.tabCount}>{counts[k]}</span>}
            </span>
          ),
        }))}
      />
      {body}
    </section>
  );
}
