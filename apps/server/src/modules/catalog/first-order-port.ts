// A port (ADR 0060): whether a customer's next order would be their first — the promotion rules' 新客户首单
// (issue 21). The order knows it and sits above the catalogue, so the catalogue declares what it needs and the
// composition root (src/ports.ts) plugs the order's answer in.
import type { AppContext } from '../../context.ts';
import { portKey } from '../../lib/ports.ts';

/** Whether the customer has no order sent and not cancelled (drafts do not count). */
export type CustomerFirstOrder = (ctx: AppContext, userId: number) => Promise<boolean>;

export const CUSTOMER_FIRST_ORDER = portKey<CustomerFirstOrder>('catalog.customerFirstOrder');
