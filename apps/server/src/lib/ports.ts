// Ports (ADR 0060): what a module's read needs from a module above it, which
// it may not import (modules import one way, down their layers). The lower
// module declares a port — a key with the type of what it needs — and reads
// it from ctx.ports; the composition root (apps/server/src/ports.ts) plugs the
// higher module's implementation in, once per app, the way subscribers.ts
// registers the domain events' handlers. An event says what happened; a port
// answers.

/** A port's name and, as a phantom type, what is plugged into it. */
export interface PortKey<T> {
  readonly name: string;
  /** Never set: ties the key to its implementation's type. */
  readonly impl?: T;
}

/** Every port a module declared (the test of src/ports.ts checks each is plugged). */
export const DECLARED_PORTS = new Set<string>();

export function portKey<T>(name: string): PortKey<T> {
  DECLARED_PORTS.add(name);
  return { name };
}

export interface Ports {
  /** Plugs an implementation into a port (once: a second one is a programming error). */
  plug<T>(key: PortKey<T>, impl: T): void;
  /** What is plugged into the port; an unplugged port is a programming error. */
  get<T>(key: PortKey<T>): T;
  /** The names of the plugged ports (a test reads it). */
  plugged(): string[];
}

export function createPorts(): Ports {
  const plugs = new Map<string, unknown>();
  return {
    plug(key, impl) {
      if (plugs.has(key.name)) throw new Error(`port ${key.name} is plugged twice`);
      plugs.set(key.name, impl);
    },
    get<T>(key: PortKey<T>): T {
      if (!plugs.has(key.name)) throw new Error(`port ${key.name} is not plugged (src/ports.ts)`);
      return plugs.get(key.name) as T;
    },
    plugged: () => [...plugs.keys()],
  };
}
