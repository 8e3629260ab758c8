/**
 * Socket errors, and PostgreSQL's connection-exception (08…) and operator-intervention (57P01–57P03: terminated by an
 * administrator, a crash shutdown, starting up) classes: the database went away, not the request's fault.
 */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
]);
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/**
 * True when the database connection failed or was lost (node-postgres), as opposed to a statement being refused;
 * looks through drizzle's wrapping (`cause`).
 */
export function isConnectionError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}
