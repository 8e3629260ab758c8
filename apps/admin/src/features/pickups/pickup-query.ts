import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { App } from 'antd';
import { call } from '@yance/browser/api-client';
import type { PickupItem } from '@yance/contracts/pickup';
import { placeText } from '@yance/contracts/place';

/** The calendar's range (from … to, inclusive), optionally only the caller's own pick-ups. */
export function usePickups(from: string, to: string, mine = false) {
  return useQuery({
    queryKey: ['adminPickupList', from, to, mine],
    queryFn: ({ signal }) => call('adminPickupList', { query: { from, to, mine } }, { signal, feedback: false }),
  });
}

/** Who may be sent to pick up (lab members and admins). */
export const useCollectors = () =>
  useQuery({ queryKey: ['adminPickupStaff'], queryFn: () => call('adminPickupStaff', {}, { feedback: false }), staleTime: 60_000 });

/** 安排 / 改派 / 取消安排: each answers the request as it is now; the calendar and the order reload. */
export function useAssign() {
  const { message } = App.useApp();
  const queries = useQueryClient();
  const reload = () => {
    for (const key of ['adminPickupList', 'adminOrderDetail']) void queries.invalidateQueries({ queryKey: [key] });
  };
  return useWrite({
    mutationFn: ({ item, staffId }: { item: PickupItem; staffId: number | null }) =>
      staffId === null
        ? call('adminPickupUnassign', { body: { id: item.id } })
        : call('adminPickupAssign', { body: { id: item.id, staffId } }),
    onSuccess: (item) => {
      void message.success(item.assignee ? `已安排取样员 ${item.assignee.name}` : '已取消安排');
      reload();
    },
    // Refused (the call's toast says why): someone may have changed it first, so the calendar reloads.
    onError: reload,
  });
}

/** 海淀区 (or the city when a request has no district): where the card says the pick-up is. */
export const districtOf = (i: PickupItem) => i.area || i.city || i.province;

/** The full address as the collector reads it (a municipality's city repeats its province, said once). */
export const addressOf = (i: PickupItem) => placeText(i);
