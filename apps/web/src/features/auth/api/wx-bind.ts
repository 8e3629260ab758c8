import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';

export interface WxBindInput {
  ticket: string;
  phone: string;
  code: string;
  /** The consent box: an unknown phone becomes a new account. */
  agree: true;
}

/** Binds the scanned WeChat identity to a phone proven by SMS (useFor 3). Quiet: the form shows failures. */
export const wxBind = (body: WxBindInput) => call('wxBind', { body }, { feedback: false });

export const useWxBind = () => useWrite({ mutationFn: wxBind });
