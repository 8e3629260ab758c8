import { ARTICLE_TYPE_NAMES } from '@yance/contracts/content';
import { Skeleton } from 'antd';
import { useParams } from 'react-router';
import { ErrorState } from '@/components/error-state.tsx';
import { NotFoundState } from '@/components/not-found-state.tsx';
import { PageHero } from '@/components/page-hero.tsx';
import { PageBody, PageSection } from '@/components/page-section.tsx';
import { paths } from '@/config/paths.ts';
import { getArticleDetailQueryOptions, useArticleDetail } from '@/features/content/api/get-article-detail.ts';
import { ArticleView } from '@/features/content/components/article-view.tsx';
import { isNotFound } from '@yance/browser/api-client';
import { articleJsonLd, plainText, shareImage } from '../meta.ts';
import { definePage, useSubjectMissing } from '../page.ts';

export const page = definePage({
  queries: ({ params }) => ({ article: getArticleDetailQueryOptions(params.id ?? '') }),
  subject: 'article',
  meta: ({ article }, { url }) => {
    if (!article) return { title: '文章不存在', noindex: true };
    const image = new URL(article.img, url.origin).href;
    return {
      title: article.title,
      description: plainText(article.sketch || article.body),
      image: shareImage(image),
      ogType: 'article',
      jsonLd: articleJsonLd(article, url.origin + url.pathname, image),
    };
  },
});

/** /article/:id — one news item, course, case or thank-you note. */
export function Component() {
  const id = useParams().id ?? '';
  const gone = useSubjectMissing();
  const detail = useArticleDetail(id, !gone);
  const article = detail.data;
  const notFound = gone || (detail.isError && isNotFound(detail.error));
  const listName = article ? ARTICLE_TYPE_NAMES[article.type] : '资讯';

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
