import type { WxTicketState } from '@yance/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** The confirm page marks its ticket scanned when it opens. */
export const wxScan = (ticket: string) => api.post<{ status: WxTicketState }>('/api/open/wx/scan', { ticket }, { feedback: false });

export const useWxScan = () => useMutation({ mutationFn: wxScan });
