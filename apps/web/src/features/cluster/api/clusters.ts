import type { ClusterAddBody, ClusterAgreeBody, ClusterEditBody, ClusterPhoneBody } from '@yance/contracts/cluster';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';
import { CLUSTERS_KEY } from '@/lib/query-keys.ts';

/** The research groups the customer owns (cluster/all), with members and applications; and whether they may create one. */
export const useOwnedClusters = () =>
  useQuery({ queryKey: [...CLUSTERS_KEY, 'owned'], queryFn: ({ signal }) => call('clusterAll', { body: {} }, { signal }) });

export const JOINED_PAGE_SIZE = 10;
export const SEARCH_PAGE_SIZE = 10;

/** The groups the customer is in or has applied to (cluster/joined). */
export const useJoinedClusters = (page: number) =>
  useQuery({
    queryKey: [...CLUSTERS_KEY, 'joined', page],
    queryFn: ({ signal }) => call('clusterJoined', { body: { page, pageSize: JOINED_PAGE_SIZE } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** cluster/search by name or institution. */
export const useClusterSearch = (kw: string, page: number) =>
  useQuery({
    queryKey: [...CLUSTERS_KEY, 'search', kw, page],
    queryFn: ({ signal }) => call('clusterSearch', { body: { kw, page, pageSize: SEARCH_PAGE_SIZE } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** search4user: who a whole phone belongs to (name and masked phone), asked when the owner presses 查找. */
export const lookUpMember = (body: ClusterPhoneBody) => call('clusterSearch4user', { body });

/** Every change reloads the customer's groups (owned, joined and search marks). */
function useClusterChange<T, R>(fn: (input: T, idempotencyKey: string) => Promise<R>) {
  const queryClient = useQueryClient();
  return useWrite({ mutationFn: fn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: CLUSTERS_KEY }) });
}

export const useAddCluster = () =>
  useClusterChange((body: ClusterAddBody, idempotencyKey) => call('clusterAdd', { body: { ...body, idempotencyKey } }));
export const useEditCluster = () => useClusterChange((body: ClusterEditBody) => call('clusterEdit', { body }));
export const useDeleteCluster = () => useClusterChange((id: number) => call('clusterDel', { body: { id } }));
export const useApplyCluster = () =>
  useClusterChange((body: { id: number; message: string }, idempotencyKey) => call('clusterApply', { body: { ...body, idempotencyKey } }));
export const useAnswerApplication = () => useClusterChange((body: ClusterAgreeBody) => call('clusterAgree', { body }));
export const useTransferCluster = () => useClusterChange((body: { id: number; memberId: number }) => call('clusterTransfer', { body }));
export const useAddMember = () =>
  useClusterChange((body: ClusterPhoneBody, idempotencyKey) => call('clusterAdd4user', { body: { ...body, idempotencyKey } }));
/** delete4user: the owner removes a member, or a member leaves. */
export const useRemoveMember = () => useClusterChange((id: number) => call('clusterDelete4user', { body: { id } }));
export const useAssignLimit = () => useClusterChange((body: { id: number; limitFen: number }) => call('clusterAssign', { body }));
