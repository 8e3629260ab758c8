import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@yance/browser/api-client';

/** Site-wide settings (spec §3: localInfo, sampling rules, allowed regions); quiet on failure, callers have defaults. */
export const getWebSettings = ({ signal }: { signal?: AbortSignal } = {}) => call('setting', {}, { signal, feedback: false });

export const getWebSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['web-settings'], queryFn: ({ signal }) => getWebSettings({ signal }), staleTime: 10 * 60_000 });

export const useWebSettings = () => useQuery(getWebSettingsQueryOptions());
