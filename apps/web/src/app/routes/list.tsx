import { ARTICLE_TYPE_NAMES, ARTICLE_TYPES, type ArticleType } from '@yance/contracts/content';
import { useParams, useSearchParams } from 'react-router';
import { LinkTabs } from '@/components/link-tabs.tsx';
import { NotFoundState } from '@/components/not-found-state.tsx';
import { PageHero } from '@/components/page-hero.tsx';
import { PageBody, PageSection } from '@/components/page-section.tsx';
import { paths } from '@/config/paths.ts';
import { ArticleListView } from '@/features/content/components/article-list-view.tsx';
import { getArticleListQueryOptions } from '@/features/content/api/get-article-list.ts';
import { definePage } from '../page.ts';

const SUBTITLES: Record<ArticleType, string> = {
  news: '平台动态、行业资讯与检测技术前沿',
  course: '仪器原理、制样技巧与数据解析课程',
  service: '真实科研项目中的检测与分析案例',
  thanks: '感谢在论文致谢中提及研测的每一位科研工作者',
};

const isArticleType = (v: string | undefined): v is ArticleType => (ARTICLE_TYPES as readonly string[]).includes(v ?? '');
const pageOf = (search: URLSearchParams) => Math.max(1, Math.floor(Number(search.get('page')) || 1));
const PAGE_SIZE = 10;

export const page = definePage({
  queries: ({ params, url }) =>
    isArticleType(params.type)
      ? { list: getArticleListQueryOptions({ type: params.type, page: pageOf(url.searchParams), pageSize: PAGE_SIZE }) }
      : {},
  // An unknown column is a missing page.
  status: ({ params }) => (isArticleType(params.type) ? undefined : 404),
  meta: (_, { params, url }) => {
    if (!isArticleType(params.type)) return { title: '栏目不存在', noindex: true };
    const n = pageOf(url.searchParams);
    return {
      title: n > 1 ? `${ARTICLE_TYPE_NAMES[params.type]}（第${n}页）` : ARTICLE_TYPE_NAMES[params.type],
      description: SUBTITLES[params.type],
      canonical: url.pathname + (n > 1 ? `?page=${n}` : ''),
    };
  },
});

/** /list/:type — news, courses, service cases or thanks, paged by ?page=. */
export function Component() {
  const { type } = useParams();
  const [search, setSearch] = useSearchParams();
  const page = pageOf(search);
  const valid = isArticleType(type);
  const name = valid ? ARTICLE_TYPE_NAMES[type] : '栏目不存在';

  if (!valid) {
    return (
      <>
        <PageHero title={name} crumbs={[{ title: name }]} />
        <PageBody>
          <NotFoundState
            title="栏目不存在"
            subTitle="您访问的栏目不存在，看看新闻动态吧。"
            back={{ to: paths.list('news'), label: '新闻动态' }}
          />
        </PageBody>
      </>
    );
  }

  return (
    <>
      <PageHero title={name} subtitle={SUBTITLES[type]} crumbs={[{ title: name }]}>
        <LinkTabs label="资讯栏目" tabs={ARTICLE_TYPES.map((t) => ({ to: paths.list(t), label: ARTICLE_TYPE_NAMES[t] }))} />
      </PageHero>
      <PageBody>
        <PageSection>
          <ArticleListView
            key={type}
            type={type}
            page={page}
            pageSize={PAGE_SIZE}
            onPageChange={(p) => {
              setSearch(p > 1 ? { page: String(p) } : {});
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />
        </PageSection>
      </PageBody>
    </>
  );
}
