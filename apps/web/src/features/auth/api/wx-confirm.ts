import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client.ts';

export type WxConfirmInput = { ticket: string } & ({ account: string; password: string } | { phone: string; code: string });

/** Confirms a ticket with an account and password, or a phone and SMS code (a new phone gets an account). */
export const wxConfirm = (body: WxConfirmInput) => call('wxConfirm', { body }, { feedback: false });

export const useWxConfirm = () => useMutation({ mutationFn: wxConfirm });
