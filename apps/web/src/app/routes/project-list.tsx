import { useParams, useSearchParams } from 'react-router';
import { PageHero } from '@/components/page-hero.tsx';
import { PageBody } from '@/components/page-section.tsx';
import { paths } from '@/config/paths.ts';
import type { Params } from 'react-router';
import { getPrefecturesQueryOptions, usePrefectures } from '@/features/catalog/api/get-prefectures.ts';
import { getTypeGroupQueryOptions, useTypeGroup } from '@/features/catalog/api/get-type-group.ts';
import { CatalogBrowser } from '@/features/catalog/components/catalog-browser.tsx';
import { deviceResultsQuery } from '@/features/catalog/components/device-results.tsx';
import { parseListParams, positiveInt } from '@/features/catalog/hooks/use-list-params.ts';
import { definePage } from '../page.ts';

/** Path param first; ?typeId= is accepted too for links built the query way. */
const typeIdOf = (params: Params, search: URLSearchParams) => positiveInt(params.typeId) ?? positiveInt(search.get('typeId'));

export const page = definePage({
  queries: ({ params, url }) => {
    const list = parseListParams(url.searchParams);
    const typeId = typeIdOf(params, url.searchParams);
    return {
      types: getTypeGroupQueryOptions(),
      areas: getPrefecturesQueryOptions(),
      results: deviceResultsQuery({ typeId, childId: list.childId, areaId: list.areaId }, list),
    };
  },
  meta: ({ types, areas }, { params, url }) => {
    const typeId = typeIdOf(params, url.searchParams);
    const type = types?.find((t) => t.id === typeId);
    const area = areas?.find((a) => a.id === positiveInt(url.searchParams.get('areaId')));
    const title = type?.name ?? params.title ?? area?.name ?? (typeId ? '服务项目' : '全部项目');
    const kinds = type ? type.typeChildArr.map((c) => c.name).join('、') : undefined;
    const page = parseListParams(url.searchParams).page;
    return {
      title: page > 1 ? `${title}（第${page}页）` : title,
      description: kinds ? `研测${title}：${kinds}。在线下单，专属客户经理跟进，先测试后付费。` : undefined,
      canonical: url.pathname + (page > 1 ? `?page=${page}` : ''),
    };
  },
});

/** /project/:typeId?/:title? — the catalogue, optionally limited to one project type. */
export function Component() {
  const params = useParams();
  const [search] = useSearchParams();
  const typeId = typeIdOf(params, search);
  const types = useTypeGroup();
  const type = types.data?.find((t) => t.id === typeId);
  const areaId = positiveInt(search.get('areaId'));
  const area = usePrefectures().data?.find((a) => a.id === areaId);
  const title = params.title ?? type?.name ?? area?.name ?? (typeId ? '服务项目' : '全部项目');
  const subtitle = type?.tags.length ? type.tags.join(' · ') : (area?.sketch ?? '材料表征、性能测试与数据分析，一站式科研检测服务');

  return (
    <>
      <PageHero
        title={title}
        subtitle={subtitle}
        crumbs={typeId ? [{ title: '服务项目', to: paths.project() }, { title }] : [{ title: '服务项目' }]}
      />
      <PageBody>
        <CatalogBrowser key={typeId ?? 0} typeId={typeId} types={types.data} typesLoading={types.isLoading} />
      </PageBody>
    </>
  );
}
