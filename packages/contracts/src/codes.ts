// Plain constants with no zod import, so the web's api client stays light.

/** Envelope code of every successful response (spec §7). */
export const OK_CODE = 1;

/**
 * The one table of failures (ADR 0010): each kind's envelope code and HTTP
 * status. INVALID's code is falsy (0) so a client that only checks "code is
 * falsy" still sees a failure; the others equal their HTTP status.
 */
export const ERROR_KINDS = {
  INVALID: { code: 0, status: 400 },
  UNAUTHENTICATED: { code: 401, status: 401 },
  FORBIDDEN: { code: 403, status: 403 },
  NOT_FOUND: { code: 404, status: 404 },
  CONFLICT: { code: 409, status: 409 },
  PAYLOAD_TOO_LARGE: { code: 413, status: 413 },
  HEADERS_TOO_LARGE: { code: 431, status: 431 },
  RATE_LIMITED: { code: 429, status: 429 },
  INTERNAL: { code: 500, status: 500 },
  UNAVAILABLE: { code: 503, status: 503 },
} as const;
export type ErrorKind = keyof typeof ERROR_KINDS;

/** Envelope code by kind, for clients that branch on one (ErrorCode.NOT_FOUND). */
export const ErrorCode = Object.fromEntries(Object.entries(ERROR_KINDS).map(([k, v]) => [k, v.code])) as {
  [K in ErrorKind]: (typeof ERROR_KINDS)[K]['code'];
};
