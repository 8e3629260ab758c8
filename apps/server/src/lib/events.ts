// Domain events inside the transaction (ADR 0058). A module announces what
// happened (an order moved, a payment was posted) by emitting an event on the
// context it is given; the modules that react subscribe once, at start
// (apps/server/src/subscribers.ts), the way job handlers are registered. A
// handler runs in the emitter's transaction, before emit returns: what it
// writes commits or rolls back with the change that caused it, and an error
// it throws is the emitter's error.

/** An event's name and, as a phantom type, what it carries. */
export interface EventKey<P> {
  readonly name: string;
  /** Never set: ties the key to its payload's type. */
  readonly payload?: P;
}

export const eventKey = <P>(name: string): EventKey<P> => ({ name });

export type Handler<Ctx, P> = (ctx: Ctx, payload: P) => Promise<void>;

export interface EventBus<Ctx> {
  /** Subscribes a handler; handlers of one event run in the order they were registered. */
  on<P>(key: EventKey<P>, handler: Handler<Ctx, P>): void;
  /** Runs every handler of the event with ctx (the emitter's transaction), one after another. */
  emit<P>(ctx: Ctx, key: EventKey<P>, payload: P): Promise<void>;
  /** The names of the events with at least one handler (the architecture test reads it). */
  subscribed(): string[];
}

export function createEventBus<Ctx>(): EventBus<Ctx> {
  const handlers = new Map<string, Handler<Ctx, unknown>[]>();
  return {
    on(key, handler) {
      const list = handlers.get(key.name) ?? [];
      list.push(handler as Handler<Ctx, unknown>);
      handlers.set(key.name, list);
    },
    async emit(ctx, key, payload) {
      for (const h of handlers.get(key.name) ?? []) await h(ctx, payload);
    },
    subscribed: () => [...handlers.keys()],
  };
}
