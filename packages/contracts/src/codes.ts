// Plain constants with no zod import, so the web's api client stays light.

/** Envelope code of every successful response (spec §7). */
export const OK_CODE = 1;

/**
 * Failure codes. INVALID is falsy (0) so a client that only checks "code is
 * falsy" still sees a failure; the others are distinct and match the HTTP
 * status the server sends with them. See docs/decisions/0001-envelope.md.
 */
export const ErrorCode = {
  INVALID: 0,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const;
export type ErrorKind = keyof typeof ErrorCode;

/** HTTP status that goes with each error kind. */
export const httpStatusOf: Record<ErrorKind, number> = {
  INVALID: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};
