import { Skeleton } from 'antd';
import { Link } from 'react-router';
import { PageHero } from '@/components/page-hero.tsx';
import { PageBody, PageSection } from '@/components/page-section.tsx';
import { StatGrid, type Stat } from '@/components/stat-grid.tsx';
import { paths } from '@/config/paths.ts';
import { getTypeGroupQueryOptions, useTypeGroup } from '@/features/catalog/api/get-type-group.ts';
import { catalogStats } from '@/features/catalog/utils/catalog-stats.ts';
import { getArticleListQueryOptions, useArticleList } from '@/features/content/api/get-article-list.ts';
import { getSitePageQueryOptions, useSitePage } from '@/features/content/api/get-site-page.ts';
import { CaseGrid } from '@/features/content/components/case-grid.tsx';
import { SitePageBody } from '@/features/content/components/site-page-body.tsx';
import { plainText } from '../meta.ts';
import { definePage } from '../page.ts';

const CASES_SHOWN = 6;

export const page = definePage({
  queries: () => ({
    page: getSitePageQueryOptions('televised'),
    types: getTypeGroupQueryOptions(),
    caseCount: getArticleListQueryOptions({ type: 'service', page: 1, pageSize: 1 }),
    thanksCount: getArticleListQueryOptions({ type: 'thanks', page: 1, pageSize: 1 }),
    cases: getArticleListQueryOptions({ type: 'service', page: 1, pageSize: CASES_SHOWN }),
  }),
  meta: ({ page }) => ({ title: page?.title ?? '能力展示', description: page ? plainText(page.body) : undefined }),
});

/** Capability numbers, all counted from live data. */
function useCapabilityStats(): Stat[] | undefined {
  const types = useTypeGroup();
  const cases = useArticleList({ type: 'service', page: 1, pageSize: 1 });
  const thanks = useArticleList({ type: 'thanks', page: 1, pageSize: 1 });
  if (!types.data) return undefined;
  const s = catalogStats(types.data);
  return [
    { label: '在线服务项目', value: s.items, suffix: '项' },
    ...s.perType.map((t) => ({ label: t.name, value: t.items, suffix: '项' })),
    { label: '项目分类', value: s.categories, suffix: '类' },
    ...(cases.data ? [{ label: '服务案例', value: cases.data.total, suffix: '个' }] : []),
    ...(thanks.data ? [{ label: '论文致谢', value: thanks.data.total, suffix: '篇' }] : []),
  ];
}

/** /televised — 能力展示: what we can test, in numbers and cases. */
export function Component() {
  const page = useSitePage('televised');
  const stats = useCapabilityStats();
  const title = page.data?.title ?? '能力展示';

  return (
    <>
      <PageHero title={title} subtitle="覆盖结构、形貌、成分、热学、光谱与模拟计算的全链条检测能力" crumbs={[{ title }]} />
      <PageBody>
        <PageSection title="平台能力">{stats ? <StatGrid stats={stats} /> : <Skeleton active paragraph={{ rows: 2 }} />}</PageSection>
        <PageSection>
          <SitePageBody query={page} />
        </PageSection>
        <PageSection
          title="服务案例"
          extra={
            <Link to={paths.list('service')} style={{ color: 'var(--brand)', fontSize: 14 }}>
              查看全部 →
            </Link>
          }
        >
          <CaseGrid count={CASES_SHOWN} />
        </PageSection>
      </PageBody>
    </>
  );
}
