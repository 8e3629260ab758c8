import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';

/** The confirm page marks its ticket scanned when it opens, and learns where and when the login was asked for. */
export const wxScan = (ticket: string) => call('wxScan', { body: { ticket } }, { feedback: false });

export const useWxScan = () => useWrite({ mutationFn: wxScan });
