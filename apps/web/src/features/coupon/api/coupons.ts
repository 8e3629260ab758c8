import type { CouponTab } from '@yance/contracts/coupon-states';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@yance/browser/api-client';
import { COUPONS_KEY } from '@/lib/query-keys.ts';

/** The customer's coupons and points (issue 10, ADR 0053). */
export const useCoupons = (tab: CouponTab, page: number, pageSize: number) =>
  useQuery({
    queryKey: [...COUPONS_KEY, 'list', tab, page, pageSize],
    queryFn: ({ signal }) => call('couponList', { body: { tab, page, pageSize } }, { signal }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });

export const useIntegralInfo = () =>
  useQuery({
    queryKey: [...COUPONS_KEY, 'points'],
    queryFn: ({ signal }) => call('integralInfo', {}, { signal }),
    refetchOnMount: 'always',
  });

export const useIntegralHistory = (page: number, pageSize: number) =>
  useQuery({
    queryKey: [...COUPONS_KEY, 'points', 'history', page, pageSize],
    queryFn: ({ signal }) => call('integralList', { body: { page, pageSize } }, { signal }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
