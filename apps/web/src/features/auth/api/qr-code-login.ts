import type { TokenPair, WxTicketState } from '@yance/contracts/account';
import { call } from '@yance/browser/api-client';

export interface QrLoginAnswer {
  status: WxTicketState;
  token: TokenPair | null;
}

/** One poll of the ticket (spec §9: 1 s timeout, quiet — the next poll follows a second later). */
export const qrCodeLogin = (ticket: string, signal?: AbortSignal) =>
  call('wxQrCodeLogin', { body: { ticket } }, { timeoutMs: 1000, feedback: false, signal });
