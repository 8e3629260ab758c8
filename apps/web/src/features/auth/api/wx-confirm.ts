import type { WxTicketState } from '@yance/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export type WxConfirmInput = { ticket: string } & ({ account: string; password: string } | { phone: string; code: string });

/** Confirms a ticket with an account and password, or a phone and SMS code (a new phone gets an account). */
export const wxConfirm = (body: WxConfirmInput) => api.post<{ status: WxTicketState }>('/api/open/wx/confirm', body, { feedback: false });

export const useWxConfirm = () => useMutation({ mutationFn: wxConfirm });
