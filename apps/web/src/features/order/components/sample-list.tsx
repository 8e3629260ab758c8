import type { SampleListItem } from '@yance/contracts/lab';
import { Pagination, Skeleton } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/error-state.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { paths } from '@/config/paths.ts';
import { useSampleList } from '../api/samples.ts';
import { SampleStateTag } from './order-lab.tsx';
import styles from './orders.module.css';

const PAGE_SIZE = 10;

function SampleRow({ s }: { s: SampleListItem }) {
  return (
    <li className={styles.sampleRow} data-testid="member-sample">
      <div className={styles.rowMain}>
        <strong>
          {s.name} <span className={styles.sampleNo}>{s.no}</span> <SampleStateTag state={s.state} />
        </strong>
        <span className={styles.muted}>
          {s.item} · {s.count}个 · {s.returnSample ? '测试后退还' : '不退还'} · 订单 <Link to={paths.order(s.orderId)}>{s.orderNo}</Link>
        </span>
        {s.express_no && (
          <p className={styles.note}>
            寄样快递：{s.express_company} {s.express_no}
          </p>
        )}
        {s.return_no && (
          <p className={styles.note}>
            退还快递：{s.return_company} {s.return_no}
          </p>
        )}
        {s.keptUntil && s.state === 'kept' && <p className={styles.note}>留样至 {s.keptUntil.slice(0, 10)}，到期后销毁</p>}
      </div>
    </li>
  );
}

/** 我的样品 (/member/sample): every sample with where it is, its courier numbers and its order. */
export function SampleList() {
  const [page, setPage] = useState(1);
  const q = useSampleList({ page, pageSize: PAGE_SIZE });
  return (
    <section className={styles.card} aria-labelledby="samples-title">
      <h1 className={styles.title} id="samples-title">
        我的样品
      </h1>
      {q.isError ? (
        <ErrorState message={q.error.message} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : q.data.list.length === 0 ? (
        <EmptyState description="还没有样品，下单后样品会显示在这里" />
      ) : (
        <>
          <ul className={styles.rows}>
            {q.data.list.map((s) => (
              <SampleRow key={s.id} s={s} />
            ))}
          </ul>
          {q.data.total > PAGE_SIZE && (
            <Pagination
              style={{ marginTop: 16, justifyContent: 'center' }}
              current={page}
              pageSize={PAGE_SIZE}
              total={q.data.total}
              showSizeChanger={false}
              onChange={setPage}
            />
          )}
        </>
      )}
    </section>
  );
}
