const KEY = 'inviterCode';
const WELCOMED = 'inviterCodeWelcomed';

/** Keeps an invite code from /invited/:code until the register form uses it. */
export const rememberInviteCode = (code: string) => {
  if (!/^[A-Za-z0-9]{4,32}$/.test(code)) return;
  if (sessionStorage.getItem(KEY) !== code) sessionStorage.removeItem(WELCOMED);
  sessionStorage.setItem(KEY, code);
};
export const readInviteCode = () => sessionStorage.getItem(KEY);
export const forgetInviteCode = () => {
  sessionStorage.removeItem(KEY);
  sessionStorage.removeItem(WELCOMED);
};

/**
 * True once per remembered code (issue 21): the invitation's register popup
 * opens on the first home page after /invited/CODE, not on every page load
 * after it, where it took the place of every login popup.
 */
export const takeInviteWelcome = (): boolean => {
  if (!readInviteCode() || sessionStorage.getItem(WELCOMED)) return false;
  sessionStorage.setItem(WELCOMED, '1');
  return true;
};
