import type { BodyIn } from '@yance/contracts/endpoint';
import type { Endpoints } from '@yance/contracts/endpoints';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';
import { upload } from '@yance/browser/api-files';
import { notify } from '@yance/browser/notify';
import { MONEY_KEY } from '@/lib/query-keys.ts';

const TOPUPS_KEY = [...MONEY_KEY, 'topups'] as const;

/** 充值记录: one page of the customer's top-ups, newest first. */
export const useTopups = (page: number, pageSize: number) =>
  useQuery({
    queryKey: [...TOPUPS_KEY, page, pageSize],
    queryFn: ({ signal }) => call('prestoreTopups', { body: { page, pageSize } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** prestore/add: a top-up (online: the answer says how to pay; transfer: waits for finance). */
export function useAddTopup() {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: (body: BodyIn<Endpoints['prestoreAdd']>) => call('prestoreAdd', { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: MONEY_KEY }),
  });
}

/** A bank transfer's receipt (picture or PDF) as a private file; its id goes into prestore/add. */
export const uploadReceipt = (file: File) => upload('prestoreUpload', file, file.name);

/** 关闭 a pending top-up. */
export function useCloseTopup() {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: (id: number) => call('prestoreClose', { body: { id } }),
    onSuccess: () => {
      notify.success('充值单已关闭');
      void queryClient.invalidateQueries({ queryKey: MONEY_KEY });
    },
  });
}

/** How many of the newest top-ups a watch looks through for its number (the one just made is among them). */
const WATCH_PAGE = 20;

/**
 * One top-up by its number, read again every `intervalMs` while `polling` and
 * still pending (there is no call for one top-up: it is among the newest of the list).
 */
export const useTopupByNo = (no: string | null, polling: boolean, intervalMs = 2_000) =>
  useQuery({
    queryKey: [...TOPUPS_KEY, 'watch', no],
    queryFn: async ({ signal }) => {
      const page = await call('prestoreTopups', { body: { page: 1, pageSize: WATCH_PAGE } }, { signal, feedback: false });
      return page.list.find((t) => t.no === no) ?? null;
    },
    enabled: no !== null,
    refetchInterval: (q) => (polling && (q.state.data?.state ?? 'pending') === 'pending' ? intervalMs : false),
    retry: false,
  });
