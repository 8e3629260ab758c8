import type { ArticleType } from '@yance/contracts/content';
import { Empty, Skeleton } from 'antd';
import { ErrorState } from '@/components/error-state.tsx';
import { Pager } from '@/components/pager.tsx';
import { useArticleList } from '../api/get-article-list.ts';
import { ArticleRow } from './article-row.tsx';
import { ThanksCard } from './thanks-card.tsx';
import styles from './article-list-view.module.css';

/** Rows a phone shows without scrolling (the pictures are 70 px tall): their pictures are not lazy. */
const FIRST_SCREEN_ROWS = 4;

interface ArticleListViewProps {
  type: ArticleType;
  page: number;
  pageSize?: number;
  onPageChange: (page: number) => void;
}

/** A paged list of one article type: rows for news, courses and cases; cards for thanks. */
export function ArticleListView({ type, page, pageSize = 10, onPageChange }: ArticleListViewProps) {
  const list = useArticleList({ type, page, pageSize });
  if (list.isError && !list.data) return <ErrorState onRetry={() => void list.refetch()} />;
  if (!list.data) return <Skeleton active avatar={{ shape: 'square', size: 96 }} paragraph={{ rows: 6 }} />;
  const { list: items, total } = list.data;
  if (items.length === 0) return <Empty description="暂无内容，敬请期待" style={{ padding: '40px 0' }} />;
  return (
    <div style={{ opacity: list.isFetching && list.isPlaceholderData ? 0.6 : 1 }}>
      {type === 'thanks' ? (
        <div className={styles.cards}>
          {items.map((a) => (
            <ThanksCard key={a.rid} item={a} />
          ))}
        </div>
      ) : (
        <div>
          {items.map((a, i) => (
            <ArticleRow key={a.rid} article={a} priority={i === 0} eager={i < FIRST_SCREEN_ROWS} />
          ))}
        </div>
      )}
      <Pager page={page} pageSize={pageSize} total={total} onChange={onPageChange} />
    </div>
  );
}
