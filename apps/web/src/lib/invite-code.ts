const KEY = 'inviterCode';

/** Keeps an invite code from /invited/:code until the register form uses it. */
export const rememberInviteCode = (code: string) => {
  if (/^[A-Za-z0-9]{4,32}$/.test(code)) sessionStorage.setItem(KEY, code);
};
export const readInviteCode = () => sessionStorage.getItem(KEY);
export const forgetInviteCode = () => sessionStorage.removeItem(KEY);
