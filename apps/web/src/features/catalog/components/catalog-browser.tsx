import type { ProjectType } from '@yance/contracts/catalog';
import { Button, Empty } from 'antd';
import { Link } from 'react-router';
import { ErrorState } from '@/components/error-state.tsx';
import { paths } from '@/config/paths.ts';
import { usePrefectures } from '../api/get-prefectures.ts';
import { useSearchDevices } from '../api/search-devices.ts';
import { useListParams } from '../hooks/use-list-params.ts';
import { AreaBanner } from './area-banner.tsx';
import { DeviceGrid } from './device-grid.tsx';
import { SortBar } from './sort-bar.tsx';
import { TypeFilter } from './type-filter.tsx';
import styles from './catalog-browser.module.css';

const PAGE_SIZE = 12;

interface CatalogBrowserProps {
  typeId?: number;
  types: ProjectType[] | undefined;
  typesLoading: boolean;
}

/** The project list: type/category filters, hot-area banner, sort, result cards and paging. */
export function CatalogBrowser({ typeId, types, typesLoading }: CatalogBrowserProps) {
  const [params, update] = useListParams();
  const { childId, areaId, page, sort } = params;
  const result = useSearchDevices({ typeId, childId, areaId, page, sort, pageSize: PAGE_SIZE });
  const areas = usePrefectures();
  const area = areaId ? areas.data?.find((a) => a.id === areaId) : undefined;

  return (
    <div className={styles.layout}>
      <TypeFilter
        types={types}
        loading={typesLoading}
        typeId={typeId}
        childId={childId}
        onChildChange={(id) => update({ childId: id })}
        areas={areas.data}
        areaId={areaId}
      />
      <div className={styles.main}>
        {area ? <AreaBanner area={area} onClear={() => update({ areaId: undefined })} /> : null}
        <SortBar
          sort={sort}
          onChange={(s) => update({ sort: s })}
          summary={
            result.data ? (
              <>
                共 <strong>{result.data.total}</strong> 个项目
              </>
            ) : null
          }
        />
        {result.isError && !result.data ? (
          <ErrorState onRetry={() => void result.refetch()} />
        ) : (
          <DeviceGrid
            items={result.data?.list}
            total={result.data?.total ?? 0}
            page={page}
            pageSize={PAGE_SIZE}
            loading={result.isFetching}
            onPageChange={(p) => update({ page: p })}
            empty={
              <Empty description={childId || areaId ? '该分类下暂无项目，换个分类看看' : '暂无项目'}>
                {childId || areaId ? (
                  <Button type="primary" onClick={() => update({ childId: undefined, areaId: undefined })}>
                    查看全部
                  </Button>
                ) : (
                  <Link to={paths.require()} style={{ color: 'var(--brand)' }}>
                    找不到需要的项目？发布需求 →
                  </Link>
                )}
              </Empty>
            }
          />
        )}
      </div>
    </div>
  );
}
