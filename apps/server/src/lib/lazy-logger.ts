import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type LogArgs = Parameters<FastifyBaseLogger['info']>;

/**
 * A request's logger that becomes pino's child (with the request id) only when something is logged (ADR 0073).
 * Fastify makes a child per request; pino's `child()` copies the logger and writes its bindings as JSON at once
 * (a share of every request's CPU), though at LOG_LEVEL=info almost no request logs anything (ADR 0064).
 */
class LazyChild {
  #parent: FastifyBaseLogger;
  #bindings: Bindings;
  #options: ChildOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  get real(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings, this.#options));
  }

  get level(): string {
    return this.#child?.level ?? this.#options?.level ?? this.#parent.level;
  }
  set level(level: string) {
    this.real.level = level;
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

// The logging methods, one per level: each makes the child on its first call.
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
for (const level of LEVELS)
  Object.defineProperty(LazyChild.prototype, level, {
    value(this: LazyChild, ...args: LogArgs) {
      this.real[level](...args);
    },
  });

/** Fastify's childLoggerFactory: each request's logger is made only when the request logs. */
export const lazyChildLogger = (logger: FastifyBaseLogger, bindings: Bindings, options: ChildOptions): FastifyBaseLogger =>
  new LazyChild(logger, bindings, options) as unknown as FastifyBaseLogger;
