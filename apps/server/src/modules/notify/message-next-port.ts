// A port (ADR 0060): what each message's order waits for from its customer now (ADR 0062). The order knows
// it and sits above notify, so notify declares what it needs and the composition root (src/ports.ts) plugs the
// order's answer in.
import type { OrderNextStep } from '@yance/contracts/order-next';
import type { AppContext } from '../../context.ts';
import { portKey } from '../../lib/ports.ts';

/** The steps each of these orders waits for from its customer (an order that waits for nobody: none). */
export type MessageOrderNext = (ctx: AppContext, orderIds: readonly number[]) => Promise<Map<number, OrderNextStep[]>>;

export const MESSAGE_ORDER_NEXT = portKey<MessageOrderNext>('notify.messageOrderNext');
