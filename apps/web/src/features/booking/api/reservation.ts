import type { ReservationAddBody, ReservationTab } from '@yance/contracts/booking';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';
import { notify } from '@yance/browser/notify';
import { RESERVATIONS_KEY } from '@/lib/query-keys.ts';
import { formatMonthDay } from '@yance/browser/format';

/** The calendar of an instrument on a day (open: taken slots never say by whom). */
export const reservationDayKey = (rid: string) => ['reservation-day', rid] as const;
export const useReservationDay = (rid: string, date: string | undefined) =>
  useQuery({
    queryKey: [...reservationDayKey(rid), date ?? ''],
    queryFn: ({ signal }) => call('reservationDay', { query: date ? { rid, date } : { rid } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** 我的预约: one tab's page and the customer's suspension, if any. */
export const useReservations = (tab: ReservationTab, page: number) =>
  useQuery({
    queryKey: [...RESERVATIONS_KEY, tab, page],
    queryFn: ({ signal }) => call('reservationList', { body: { tab, page, pageSize: 10 } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** 确认预约. A refusal is shown in the dialog (the calendar reloads: a slot may have been taken meanwhile). */
export function useAddReservation(rid: string) {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: (body: ReservationAddBody, idempotencyKey) =>
      call('reservationAdd', { body: { ...body, idempotencyKey } }, { feedback: false }),
    onSuccess: () => {
      notify.success('预约成功');
      void queryClient.invalidateQueries({ queryKey: RESERVATIONS_KEY });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: reservationDayKey(rid) }),
  });
}

/** 取消预约 (within the instrument's cancel window). */
export function useCancelReservation() {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: (id: number) => call('reservationCancel', { body: { id } }),
    onSuccess: (r) => {
      notify.success('已取消预约');
      void queryClient.invalidateQueries({ queryKey: RESERVATIONS_KEY });
      void queryClient.invalidateQueries({ queryKey: reservationDayKey(r.rid) });
    },
  });
}

/**
 * The customer's upcoming bookings of one item, as its page shows them (12月3日 14:00–16:00): a booking item shows
 * the slot booked, never a turnaround (ADR 0070).
 */
export function useBookedSlots(rid: string, enabled: boolean): string[] {
  const list = useQuery({
    queryKey: [...RESERVATIONS_KEY, 'upcoming', 1],
    queryFn: ({ signal }) => call('reservationList', { body: { tab: 'upcoming', page: 1, pageSize: 10 } }, { signal }),
    enabled,
  });
  return (list.data?.list ?? []).filter((r) => r.rid === rid).map((r) => `${formatMonthDay(r.date)} ${r.start}–${r.end}`);
}
