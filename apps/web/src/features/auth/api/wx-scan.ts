import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client.ts';

/** The confirm page marks its ticket scanned when it opens. */
export const wxScan = (ticket: string) => call('wxScan', { body: { ticket } }, { feedback: false });

export const useWxScan = () => useMutation({ mutationFn: wxScan });
