import { useParams, useSearchParams } from 'react-router';
import { PageHero } from '@/components/page-hero.tsx';
import { PageBody } from '@/components/page-section.tsx';
import { paths } from '@/config/paths.ts';
import { usePrefectures } from '@/features/catalog/api/get-prefectures.ts';
import { useTypeGroup } from '@/features/catalog/api/get-type-group.ts';
import { CatalogBrowser } from '@/features/catalog/components/catalog-browser.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

const toId = (v: string | null | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** /project/:typeId?/:title? — the catalogue, optionally limited to one project type. */
export function Component() {
  const params = useParams();
  const [search] = useSearchParams();
  // Path param first; ?typeId= is accepted too for links built the query way.
  const typeId = toId(params.typeId) ?? toId(search.get('typeId'));
  const types = useTypeGroup();
  const type = types.data?.find((t) => t.id === typeId);
  const areaId = toId(search.get('areaId'));
  const area = usePrefectures().data?.find((a) => a.id === areaId);
  const title = params.title ?? type?.name ?? area?.name ?? (typeId ? '服务项目' : '全部项目');
  const subtitle = type?.tags.length ? type.tags.join(' · ') : (area?.sketch ?? '材料表征、性能测试与数据分析，一站式科研检测服务');
  useDocumentTitle(title);

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
