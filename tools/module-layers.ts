// The server's modules in layers, bottom first (issue 20, ADR 0060). A module imports only modules of a LOWER
// layer — never one of its own layer or above. What a lower module needs from a higher one arrives another
// way: a reaction is a domain event (apps/server/src/subscribers.ts), a part of a read is a port
// (apps/server/src/ports.ts). tools/module-cycles.test.ts holds the modules to this list, and
// docs/architecture.md draws it. A new module gets its row here, as low as its imports allow.
export const MODULE_LAYERS: readonly (readonly string[])[] = [
  // 0  the books every module writes to, and the plainest records: audit log, double-entry ledger (and the create
  //    calls' idempotency keys, ADR 0061), sessions, rate counters
  ['audit', 'ledger', 'session', 'rate-limit'],
  // 1  the job queue, settings, stored files, addresses (address/add takes a key: above the ledger)
  ['job', 'setting', 'media', 'address'],
  // 2  SMS out, the lab's working calendar, a customer's attested details (their addresses among them)
  ['sms', 'turnaround', 'customer'],
  // 3  notices to customers, the catalogue, the customer's plan (cart)
  ['notify', 'catalog', 'plan'],
  // 4  customer accounts, the site's articles and pages
  ['user', 'content'],
  // 5  around a customer: coupons, promoters and rebate wallets, research groups, WeChat log-in; the home page
  ['coupon', 'promotion', 'cluster', 'wechat', 'home'],
  // 6  the invitation programme: the invitee's coupon and the inviter's rebates (ADR 0069)
  ['invite'],
  // 7  the order; sign-up and log-in; the console's content editing
  ['order', 'account', 'content-admin'],
  // 8  work on an order: the lab, contracts, demands, evaluations, bookings, money; the console's staff
  ['lab', 'contract', 'demand', 'evaluation', 'reservation', 'payment', 'staff'],
  // 9  on top: sampling and pick-up, invoices, the console's dashboard, the sitemap
  ['sampling', 'invoice', 'dashboard', 'seo'],
];

/** Module → its layer (0 at the bottom). */
export const layerOf: ReadonlyMap<string, number> = new Map(MODULE_LAYERS.flatMap((row, i) => row.map((m) => [m, i] as const)));
