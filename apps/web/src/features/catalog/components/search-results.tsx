import type { ProjectType } from '@yance/contracts/catalog';
import { Empty, Segmented } from 'antd';
import { ErrorState } from '@/components/error-state.tsx';
import { HighlightText } from '@/components/highlight-text.tsx';
import { useSearchDevices } from '../api/search-devices.ts';
import { useListParams } from '../hooks/use-list-params.ts';
import { DeviceGrid } from './device-grid.tsx';
import { SortBar } from './sort-bar.tsx';
import { SuggestedKeywords } from './suggested-keywords.tsx';
import styles from './search-results.module.css';

const PAGE_SIZE = 12;

/** Keyword results with a type filter, sort, highlighted names and paging; kw comes from the URL. */
export function SearchResults({ types }: { types: ProjectType[] | undefined }) {
  const [{ kw, typeId, page, sort }, update] = useListParams();
  const result = useSearchDevices({ kw, typeId, page, sort, pageSize: PAGE_SIZE });
  const typeOptions = [{ label: '全部', value: 0 }, ...(types ?? []).map((t) => ({ label: t.name, value: t.id }))];

  return (
    <>
      <div className={styles.filters}>
        <Segmented options={typeOptions} value={typeId ?? 0} onChange={(v) => update({ typeId: v || undefined })} />
      </div>
      <SortBar
        sort={sort}
        onChange={(s) => update({ sort: s })}
        summary={
          result.data ? (
            <>
              共找到 <strong>{result.data.total}</strong> 个与“{kw}”相关的项目
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
          renderName={(name) => <HighlightText text={name} keyword={kw} />}
          empty={
            <Empty description={`没有找到与“${kw}”相关的项目，换个关键词试试`}>
              <SuggestedKeywords label="试试" />
            </Empty>
          }
        />
      )}
    </>
  );
}
