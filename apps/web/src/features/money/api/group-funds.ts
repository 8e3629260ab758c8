import type { GroupTransferBody } from '@yance/contracts/prestore';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';
import { CLUSTERS_KEY, MONEY_KEY } from '@/lib/query-keys.ts';

/** cluster/funds: a group's balance, the caller's limit and spending (the owner also gets the statement's first page). */
export const useGroupFunds = (clusterId: number) =>
  useQuery({
    queryKey: [...MONEY_KEY, 'group', clusterId],
    queryFn: ({ signal }) => call('clusterFunds', { body: { clusterId, page: 1, pageSize: 5 } }, { signal }),
  });

/** prestore/transfer: the owner moves money between their prestore balance and the group's; every money view reloads. */
export function useGroupTransfer() {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: (body: GroupTransferBody) => call('prestoreTransfer', { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: MONEY_KEY });
      void queryClient.invalidateQueries({ queryKey: CLUSTERS_KEY });
    },
  });
}
