import type { WxScanResponse } from '@yance/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** The confirm page marks its ticket scanned when it opens, and learns where and when the login was asked for. */
export const wxScan = (ticket: string) => api.post<WxScanResponse>('/api/open/wx/scan', { ticket }, { feedback: false });

export const useWxScan = () => useMutation({ mutationFn: wxScan });
