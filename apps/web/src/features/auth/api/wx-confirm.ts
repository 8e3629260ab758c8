import type { WxTicketState } from '@yance/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** Confirms a ticket with the session signed in on this device (an /api/auth call, ADR 0021). */
export const wxConfirm = (ticket: string) => api.post<{ status: WxTicketState }>('/api/auth/wx/confirm', { ticket }, { feedback: false });

export const useWxConfirm = () => useMutation({ mutationFn: wxConfirm });
