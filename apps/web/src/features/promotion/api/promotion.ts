import type { PromoterApplyBody, WithdrawAddBody } from '@yance/contracts/promotion';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';
import { notify } from '@yance/browser/notify';
import { MESSAGES_KEY, PROMOTION_KEY } from '@/lib/query-keys.ts';

/** The promoter's side of promotion (issue 10, ADR 0055). */
export const usePromotionInfo = () =>
  useQuery({ queryKey: [...PROMOTION_KEY, 'info'], queryFn: ({ signal }) => call('promotionInfo', {}, { signal }) });

export const usePromotionCustomers = (page: number) =>
  useQuery({
    queryKey: [...PROMOTION_KEY, 'customers', page],
    queryFn: ({ signal }) => call('promotionCustomers', { body: { page, pageSize: 10 } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const usePromotionRebates = (page: number) =>
  useQuery({
    queryKey: [...PROMOTION_KEY, 'rebates', page],
    queryFn: ({ signal }) => call('promotionRebates', { body: { page, pageSize: 10 } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useWithdrawals = (page: number) =>
  useQuery({
    queryKey: [...PROMOTION_KEY, 'withdrawals', page],
    queryFn: ({ signal }) => call('promotionWithdrawals', { body: { page, pageSize: 10 } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useWalletStatement = (page: number, pending: boolean) =>
  useQuery({
    queryKey: [...PROMOTION_KEY, 'statement', pending, page],
    queryFn: ({ signal }) => call('promotionStatement', { body: { page, pageSize: 10, pending } }, { signal }),
    placeholderData: keepPreviousData,
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: PROMOTION_KEY });
    void queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });
  };
}

export function useApplyPromoter() {
  const refresh = useRefresh();
  return useWrite({
    mutationFn: (body: PromoterApplyBody, idempotencyKey) => call('promotionApply', { body: { ...body, idempotencyKey } }),
    onSuccess: () => {
      notify.success('申请已提交，请等待审核');
      refresh();
    },
  });
}

export function useWithdraw() {
  const refresh = useRefresh();
  return useWrite({
    mutationFn: (body: WithdrawAddBody) => call('promotionWithdraw', { body }),
    onSuccess: () => {
      notify.success('提现申请已提交');
      refresh();
    },
  });
}
