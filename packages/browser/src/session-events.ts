/**
 * Why the signed-in state ended: `anonymous` = an /api/auth request was made
 * without a token, `expired` = the server answered 401, `logout` = the user
 * signed out. Features listen and drop their user data (user, cart count,
 * plan, messages); the api client only announces it, so lib stays generic.
 */
export type SessionEndReason = 'anonymous' | 'expired' | 'logout';

const listeners = new Set<(reason: SessionEndReason) => void>();

export const onSessionEnd = (listener: (reason: SessionEndReason) => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export const endSession = (reason: SessionEndReason) => {
  for (const l of listeners) l(reason);
};
