import type { ProjectType } from '@yance/contracts/catalog';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { paths } from '@/config/paths.ts';
import { usePrefectures } from '../api/get-prefectures.ts';
import { useListParams } from '../hooks/use-list-params.ts';
import { AreaBanner } from './area-banner.tsx';
import { DeviceResults } from './device-results.tsx';
import { TypeFilter } from './type-filter.tsx';
import styles from './catalog-browser.module.css';

interface CatalogBrowserProps {
  typeId?: number;
  types: ProjectType[] | undefined;
  typesLoading: boolean;
}

/** The project list: type/category filters, hot-area banner, sort, result cards and paging. */
export function CatalogBrowser({ typeId, types, typesLoading }: CatalogBrowserProps) {
  const [params, update] = useListParams();
  const { childId, areaId } = params;
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
        <DeviceResults
          query={{ typeId, childId, areaId }}
          summary={(total) => (
            <>
              共 <strong>{total}</strong> 个项目
            </>
          )}
          empty={
            <EmptyState description={childId || areaId ? '该分类下暂无项目，换个分类看看' : '暂无项目'}>
              {childId || areaId ? (
                <button type="button" className="btn-primary" onClick={() => update({ childId: undefined, areaId: undefined })}>
                  查看全部
                </button>
              ) : (
                <Link to={paths.require()} style={{ color: 'var(--brand)' }}>
                  找不到需要的项目？发布需求 →
                </Link>
              )}
            </EmptyState>
          }
        />
      </div>
    </div>
  );
}
