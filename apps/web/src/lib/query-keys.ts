/** Query keys shared by more than one feature. */
export const USER_INFO_KEY = ['user-info'] as const;
/** The experiment plan (plan/list): the detail page adds to it, the plan and order pages read it. */
export const PLAN_KEY = ['user-plan'] as const;
/** The customer's orders (list and details). */
export const ORDERS_KEY = ['user-orders'] as const;

/** The message centre (list and unread count). */
export const MESSAGES_KEY = ['messages'] as const;

/** The customer's on-site bookings (reservation/list). */
export const RESERVATIONS_KEY = ['user-reservations'] as const;

/** The customer's research groups: those they own, joined, and search results (ADR 0051). */
export const CLUSTERS_KEY = ['user-clusters'] as const;

/** The customer's money (ADR 0050): prestore balance, statement, top-ups, orders waiting for payment or settlement. */
export const MONEY_KEY = ['user-money'] as const;

/** The customer's invoice titles and applications (ADR 0052). */
export const INVOICES_KEY = ['user-invoices'] as const;
/** The customer's coupons and points (ADR 0053): an order placed or cancelled changes both. */
export const COUPONS_KEY = ['user-coupons'] as const;

/** The customer's invitation code and invitees (ADR 0054). */
export const INVITES_KEY = ['user-invites'] as const;

/** The promoter's application, wallet, customers, rebates and withdrawals (ADR 0055). */
export const PROMOTION_KEY = ['user-promotion'] as const;

/** Data of the signed-in user, dropped when the session ends (spec §4: user, cart count, plan, messages; and their orders, groups, money and invoices). */
export const USER_QUERY_KEYS = [
  USER_INFO_KEY,
  PLAN_KEY,
  ORDERS_KEY,
  RESERVATIONS_KEY,
  MESSAGES_KEY,
  CLUSTERS_KEY,
  MONEY_KEY,
  INVOICES_KEY,
  COUPONS_KEY,
  INVITES_KEY,
  PROMOTION_KEY,
] as const;
