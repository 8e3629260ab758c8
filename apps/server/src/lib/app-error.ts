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
