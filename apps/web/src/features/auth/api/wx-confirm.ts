import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';

/** Confirms a ticket with the session signed in on this device (an /api/auth call, ADR 0021). */
export const wxConfirm = (ticket: string) => call('wxConfirm', { body: { ticket } }, { feedback: false });

export const useWxConfirm = () => useWrite({ mutationFn: wxConfirm });
