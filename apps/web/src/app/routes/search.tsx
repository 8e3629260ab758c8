import { SearchOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHero } from '@/components/page-hero.tsx';
import { PageBody, PageSection } from '@/components/page-section.tsx';
import { paths } from '@/config/paths.ts';
import { getTypeGroupQueryOptions, useTypeGroup } from '@/features/catalog/api/get-type-group.ts';
import { SearchBox } from '@/features/catalog/components/search-box.tsx';
import { SearchResults } from '@/features/catalog/components/search-results.tsx';
import { SuggestedKeywords } from '@/features/catalog/components/suggested-keywords.tsx';
import { deviceResultsQuery } from '@/features/catalog/components/device-results.tsx';
import { parseListParams } from '@/features/catalog/hooks/use-list-params.ts';
import { hotKeywordsQueryOptions } from '@/lib/search-suggest.ts';
import { definePage } from '../page.ts';

export const page = definePage({
  queries: ({ url }) => {
    const list = parseListParams(url.searchParams);
    // Popular searches show with no keyword and beside a search that found nothing.
    const always = { types: getTypeGroupQueryOptions(), hot: hotKeywordsQueryOptions() };
    return list.kw ? { ...always, results: deviceResultsQuery({ kw: list.kw, typeId: list.typeId }, list) } : always;
  },
  // Result pages are endless variations of the catalogue: followed, not indexed.
  meta: (_, { url }) => {
    const kw = parseListParams(url.searchParams).kw;
    return { title: kw ? `“${kw}”的搜索结果` : '搜索项目', noindex: true };
  },
});

/** /search?kw= — catalogue search by name, alias or category. */
export function Component() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const kw = search.get('kw')?.trim() ?? '';
  const types = useTypeGroup();

  return (
    <>
      <PageHero title={kw ? `“${kw}”的搜索结果` : '搜索检测项目'} crumbs={[{ title: '搜索' }]}>
        {/* keyed so the box shows the new keyword after a header search */}
        <SearchBox
          key={kw}
          initial={kw}
          onSearch={(next) => void navigate(next ? paths.search(next) : '/search')}
          onItem={(rid) => void navigate(paths.detail(rid))}
        />
        <SuggestedKeywords tone="hero" />
      </PageHero>
      <PageBody>
        {kw ? (
          <SearchResults types={types.data} />
        ) : (
          <PageSection>
            <div style={{ textAlign: 'center', padding: '32px 0' }}>
              <SearchOutlined style={{ fontSize: 40, color: 'var(--brand)' }} />
              <p style={{ margin: '12px 0 0', color: 'var(--muted)' }}>请输入要搜索的项目名称、缩写或分类，也可以点上方的热门搜索</p>
            </div>
          </PageSection>
        )}
      </PageBody>
    </>
  );
}
