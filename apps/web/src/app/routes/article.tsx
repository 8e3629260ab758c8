import { ARTICLE_TYPE_NAMES } from '@yance/contracts/content';
import { Skeleton } from 'antd';
import { useParams } from 'react-router';
import { ErrorState } from '@/components/error-state.tsx';
import { NotFoundState } from '@/components/not-found-state.tsx';
import { PageHero } from '@/components/page-hero.tsx';
import { PageBody, PageSection } from '@/components/page-section.tsx';
import { paths } from '@/config/paths.ts';
import { isArticleNotFound, useArticleDetail } from '@/features/content/api/get-article-detail.ts';
import { ArticleView } from '@/features/content/components/article-view.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** /article/:id — one news item, course, case or thank-you note. */
export function Component() {
  const id = useParams().id ?? '';
  const detail = useArticleDetail(id);
  const article = detail.data;
  const notFound = detail.isError && isArticleNotFound(detail.error);
  const listName = article ? ARTICLE_TYPE_NAMES[article.type] : '资讯';
  useDocumentTitle(article?.title ?? (notFound ? '文章不存在' : undefined));

  return (
    <>
      <PageHero
        title={listName}
        crumbs={
          article
            ? [{ title: listName, to: paths.list(article.type) }, { title: article.title }]
            : [{ title: notFound ? '文章不存在' : '文章' }]
        }
        compact
      />
      <PageBody>
        <PageSection>
          {article ? (
            <ArticleView key={article.rid} article={article} listLabel={listName} />
          ) : notFound ? (
            <NotFoundState
              title="文章不存在"
              subTitle="这篇文章可能已被删除或链接有误。"
              back={{ to: paths.list('news'), label: '查看新闻动态' }}
            />
          ) : detail.isError ? (
            <ErrorState message={detail.error.message} onRetry={() => void detail.refetch()} />
          ) : (
            <Skeleton active title paragraph={{ rows: 12 }} />
          )}
        </PageSection>
      </PageBody>
    </>
  );
}
