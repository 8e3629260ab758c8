/** Query keys shared by more than one feature. */
export const USER_INFO_KEY = ['user-info'] as const;

/** Data of the signed-in user, dropped when the session ends (spec §4: user, cart count, plan, messages). */
export const USER_QUERY_KEYS = [USER_INFO_KEY, ['user-plan'], ['messages']] as const;
