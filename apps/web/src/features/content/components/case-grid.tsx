import { Empty, Skeleton } from 'antd';
import { ErrorState } from '@/components/error-state.tsx';
import { useArticleList } from '../api/get-article-list.ts';
import { CaseCard } from './case-card.tsx';
import styles from './case-grid.module.css';

/** The newest service cases as a card grid. */
export function CaseGrid({ count = 6 }: { count?: number }) {
  const cases = useArticleList({ type: 'service', page: 1, pageSize: count });
  if (cases.isError && !cases.data) return <ErrorState onRetry={() => void cases.refetch()} />;
  if (!cases.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (cases.data.list.length === 0) return <Empty description="案例整理中，敬请期待" />;
  return (
    <div className={styles.grid}>
      {cases.data.list.map((c) => (
        <CaseCard key={c.rid} item={c} />
      ))}
    </div>
  );
}
