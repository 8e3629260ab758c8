import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@yance/browser/api-client';

/** Suggestions shown under a search box. */
export const SUGGEST_SIZE = 8;

/** Items whose name or alias holds what is typed (ADR 0027); quiet on failure: the box still searches. */
export const suggestQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: ['catalog', 'suggest', keyword],
    queryFn: ({ signal }) => call('deviceSuggest', { query: { keyword, size: SUGGEST_SIZE } }, { signal, feedback: false }),
    enabled: keyword !== '',
    staleTime: 60_000,
    // the last list stays while the next keystroke's loads, so the dropdown does not flicker
    placeholderData: keepPreviousData,
  });

/** Popular searches: the operator's list, or what customers call the most ordered items. */
export const hotKeywordsQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'hot-keywords'],
    queryFn: ({ signal }) => call('hotKeywords', {}, { signal, feedback: false }),
    staleTime: 5 * 60_000,
  });

export const useHotKeywords = () => useQuery(hotKeywordsQueryOptions());
