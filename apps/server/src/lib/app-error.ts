import type { ErrorKind } from '@yance/contracts/envelope';

/** The one error services throw; the error handler turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what}不存在`);
