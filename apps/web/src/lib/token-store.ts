import { createTokenStore } from '@yance/browser/token-store';

/** localStorage key of spec §3. */
export const TOKEN_KEY = 'token';

/** The customer's session (spec §3: {access, refresh, expires} under `token`). */
export const tokenStore = createTokenStore(TOKEN_KEY);
