import type { AppContext } from '../../context.ts';
import type { Actor } from '../audit/index.ts';
import { customerMover } from '../order/index.ts';

/** The customer as the audit names them (a top-up, a group transfer). */
export async function customerActor(t: AppContext, userId: number): Promise<Actor> {
  const m = await customerMover(t, userId);
  return { kind: 'customer', id: userId, name: m.name };
}
