import type { AppContext } from '../../context.ts';
import type { Actor } from '../audit/audit.service.ts';
import { customerMover } from '../order/order-api.service.ts';

/** The customer as the audit names them (a top-up, a group transfer). */
export async function customerActor(t: AppContext, userId: number): Promise<Actor> {
  const m = await customerMover(t, userId);
  return { kind: 'customer', id: userId, name: m.name };
}
