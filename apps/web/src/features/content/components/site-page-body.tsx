import type { SitePage } from '@yance/contracts/content';
import type { UseQueryResult } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { ErrorState } from '@/components/error-state.tsx';
import { RichText } from '@/components/rich-text.tsx';

/** The body of an operator-edited page with its loading and error states. */
export function SitePageBody({ query }: { query: UseQueryResult<SitePage> }) {
  if (query.data) return <RichText html={query.data.body} />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  return <Skeleton active title paragraph={{ rows: 8 }} />;
}
