import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/error-state.tsx';
import { searchDevicesQueryOptions, type SearchDevicesParams } from '../api/search-devices.ts';
import { useListParams, type ListParams } from '../hooks/use-list-params.ts';
import { DeviceGrid } from './device-grid.tsx';
import { SortBar } from './sort-bar.tsx';

const PAGE_SIZE = 12;
type Filters = Omit<SearchDevicesParams, 'page' | 'sort' | 'pageSize'>;

/** The call DeviceResults makes for these filters at the URL's page and sort (the route's data declaration uses it too). */
export const deviceResultsQuery = (query: Filters, { page, sort }: Pick<ListParams, 'page' | 'sort'>) =>
  searchDevicesQueryOptions({ ...query, page, sort, pageSize: PAGE_SIZE });

interface DeviceResultsProps {
  /** Filters of the call; sort and page come from the URL. */
  query: Filters;
  /** The line beside the sort buttons, given the total and the parts of the keyword search left out. */
  summary: (total: number, ignored: string[]) => ReactNode;
  empty: ReactNode;
  renderName?: (name: string) => ReactNode;
}

/** One device/search call shown as sort bar, result cards and paging (project list and search page). */
export function DeviceResults({ query, summary, empty, renderName }: DeviceResultsProps) {
  const [{ page, sort }, update] = useListParams();
  const result = useQuery(deviceResultsQuery(query, { page, sort }));
  return (
    <>
      <SortBar
        sort={sort}
        onChange={(s) => update({ sort: s })}
        summary={result.data ? summary(result.data.total, result.data.ignored) : null}
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
          renderName={renderName}
          empty={empty}
        />
      )}
    </>
  );
}
