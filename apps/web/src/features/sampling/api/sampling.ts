import type { SamplingAddBody } from '@yance/contracts/sampling';
import type { AddressForm } from '@yance/contracts/user';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';
import { notify } from '@yance/browser/notify';
import { ORDERS_KEY, USER_INFO_KEY } from '@/lib/query-keys.ts';

const samplingKey = (orderId: number) => [...ORDERS_KEY, 'sampling', orderId] as const;

/** The order's sampling requests, newest first, and the lab's address for parcels. */
export const useSamplingList = (orderId: number) =>
  useQuery({ queryKey: samplingKey(orderId), queryFn: ({ signal }) => call('samplingList', { body: { orderId } }, { signal }) });

/** The signed-in user's address book (user/info, the auth feature's query key). */
export const useAddressBook = () =>
  useQuery({
    queryKey: USER_INFO_KEY,
    queryFn: ({ signal }) => call('userInfo', {}, { signal }),
    staleTime: 60_000,
    select: (u) => u.address,
  });

/** A request sent or cancelled: the order's requests, detail (timeline) and lists are stale. */
function useSamplingChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
}

/**
 * 提交取样信息. A new pick-up address is created first, the user info
 * reloaded and the newest address used (spec §4). Failures are shown in the
 * dialog (name, code, message), not toasted.
 */
export function useAddSampling() {
  const queryClient = useQueryClient();
  const changed = useSamplingChanged();
  return useWrite({
    mutationFn: async ({ body, newAddress }: { body: SamplingAddBody; newAddress?: AddressForm }, idempotencyKey) => {
      if (newAddress) {
        // The address is a create call of its own: a key of its own, made from this intent's (a retry reuses both).
        const added = await call('addressAdd', { body: { ...newAddress, idempotencyKey: `${idempotencyKey}-a` } }, { feedback: false });
        await queryClient.invalidateQueries({ queryKey: USER_INFO_KEY });
        body = { ...body, address_rid: added.address_rid };
      }
      return call('samplingAdd', { body: { ...body, idempotencyKey } }, { feedback: false });
    },
    onSuccess: () => {
      notify.success('提交成功!');
      changed();
    },
    // A refusal may come from an order changed elsewhere (409): the page behind the dialog catches up.
    onError: changed,
  });
}

/** 取消 a request (before the lab receives the samples). */
export function useCancelSampling() {
  const changed = useSamplingChanged();
  return useWrite({
    mutationFn: (id: number) => call('samplingCancel', { body: { id } }),
    onSuccess: () => {
      notify.success('已取消');
      changed();
    },
  });
}
