import type { ErrorKind } from '@yance/contracts/codes';

/**
 * The one error services throw (ADR 0010). `publicMessage` is the Chinese
 * sentence the user sees, chosen on purpose; `cause` is what went wrong
 * inside, logged with the request id and never sent to the client.
 */
export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    publicMessage: string,
    options?: { cause?: unknown },
  ) {
    super(publicMessage, options);
    this.name = 'AppError';
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what}不存在`);

/** What a request hears while the database or Redis is out of reach (restarting, failing over): try again shortly. */
export const UNAVAILABLE_MESSAGE = '服务暂时不可用，请稍后再试';

/** A dependency (the database, Redis) did not answer; `cause` is logged, the caller hears UNAVAILABLE_MESSAGE (503). */
export const unavailable = (cause: unknown) => new AppError('UNAVAILABLE', UNAVAILABLE_MESSAGE, { cause });
