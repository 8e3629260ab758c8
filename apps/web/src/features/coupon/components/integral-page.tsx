import { Grid, Pagination, Skeleton, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatFen } from '@yance/browser/format';
import { paths } from '@/config/paths.ts';
import { ErrorState } from '@/components/error-state.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { useIntegralHistory, useIntegralInfo } from '../api/coupons.ts';
import styles from './coupon.module.css';
import { formatTime } from '@/lib/format.ts';

const PAGE_SIZE = 10;
const time = formatTime;
const day = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 10);
const Points = ({ n }: { n: number }) => <span className={n > 0 ? styles.plus : styles.minus}>{n > 0 ? `+${n}` : n}</span>;

/** /member/integral (ADR 0053): balance, what expires within 30 days, the rules, and the history with reason and order. */
export function IntegralPage() {
  const [page, setPage] = useState(1);
  const info = useIntegralInfo();
  const history = useIntegralHistory(page, PAGE_SIZE);
  const narrow = !Grid.useBreakpoint().md;
  const s = info.data?.settings;

  let list;
  if (history.isError) list = <ErrorState message={history.error.message} onRetry={() => void history.refetch()} />;
  else if (!history.data) list = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (history.data.list.length === 0) list = <EmptyState description="暂无积分记录，订单付款后获得积分" />;
  else if (narrow)
    list = (
      <ul className={styles.rows}>
        {history.data.list.map((l) => (
          <li key={l.id} className={styles.row} data-testid="points-line">
            <div>
              <strong>{l.reasonText}</strong>
              {l.orderNo && (
                <Link to={paths.order(l.orderId!)} className={styles.muted}>
                  订单 {l.orderNo}
                </Link>
              )}
              <span className={styles.muted}>{time(l.createdAt)}</span>
            </div>
            <div style={{ alignItems: 'flex-end' }}>
              <Points n={l.points} />
              <span className={styles.muted}>余额 {l.balanceAfter}</span>
            </div>
          </li>
        ))}
      </ul>
    );
  else
    list = (
      <Table
        rowKey="id"
        size="middle"
        pagination={false}
        dataSource={history.data.list}
        onRow={() => ({ 'data-testid': 'points-line' }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: '时间', dataIndex: 'createdAt', width: 150, render: (v: string) => time(v) },
          { title: '原因', dataIndex: 'reasonText', width: 130 },
          {
            title: '订单',
            dataIndex: 'orderNo',
            render: (v: string | null, l) => (v ? <Link to={paths.order(l.orderId!)}>{v}</Link> : '—'),
          },
          { title: '积分', dataIndex: 'points', align: 'right', width: 100, render: (v: number) => <Points n={v} /> },
          { title: '余额', dataIndex: 'balanceAfter', align: 'right', width: 100 },
          { title: '到期', dataIndex: 'expiresAt', width: 110, render: (v: string | null) => (v ? day(v) : '—') },
        ]}
      />
    );

  return (
    <section className={styles.card}>
      <div className={styles.head}>
        <h2 className={styles.title}>我的积分</h2>
      </div>
      {info.isError ? (
        <ErrorState message={info.error.message} onRetry={() => void info.refetch()} />
      ) : !info.data || !s ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <div className={styles.balance}>
          <div>
            <p>可用积分</p>
            <strong data-testid="points-balance">{info.data.balance}</strong>
          </div>
          <p>
            {info.data.expiringSoon > 0 ? `${info.data.expiringSoon} 积分将于 ${info.data.expiringOn} 起过期` : '30 天内没有将过期的积分'}
          </p>
          <p>
            每消费¥1得{s.earnPerYuan}积分 · {s.pointsPerYuan}积分抵{formatFen(100)} · 每单最多抵扣{s.capPercent}% · 有效期{s.expireMonths}
            个月
          </p>
        </div>
      )}
      <h3 style={{ margin: '20px 0 8px' }}>积分明细</h3>
      {list}
      {history.data && history.data.total > PAGE_SIZE && (
        <Pagination
          style={{ marginTop: 16, textAlign: 'right' }}
          current={page}
          pageSize={PAGE_SIZE}
          total={history.data.total}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
    </section>
  );
}
