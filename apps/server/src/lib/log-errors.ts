// What the logs (and job.last_error) keep of an error: never the values a
// failed SQL statement was given (ADR 0056). drizzle's DrizzleQueryError says
// "Failed query: <sql>\nparams: <values>" and carries `params`; PostgreSQL's
// errors (pg and PGlite alike) carry `detail` ("Key (phone)=(139…) already
// exists"), `where`, `internalQuery` and, from PGlite, the statement's
// `params`; a data exception's message quotes the value it could not read
// (invalid input syntax for type integer: "…").

/** The fields an error keeps: they name things (SQLSTATE, constraint, table, column, syscall), never carry values. */
const KEPT = [
  'code',
  'severity',
  'constraint',
  'schema',
  'table',
  'column',
  'dataType',
  'routine',
  'statusCode',
  'errno',
  'syscall',
] as const;

/** How deep a cause chain (or an AggregateError's errors) is followed. */
const MAX_DEPTH = 4;

type ErrorLike = { message: unknown; name?: unknown; stack?: unknown; code?: unknown; cause?: unknown; errors?: unknown };

const isErrorLike = (v: unknown): v is ErrorLike => typeof v === 'object' && v !== null && (v instanceof Error || 'message' in v);

/** A PostgreSQL error code: five digits or capitals (23505, 22P02, P0001). */
const isSqlState = (code: unknown): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

/**
 * The error's message without values: drizzle's "params: …" tail cut off (the
 * SQL text stays: its values are $1, $2 …), and a data exception's (SQLSTATE
 * class 22) quoted literals masked.
 */
export function safeErrorMessage(err: unknown): string {
  if (!isErrorLike(err)) return String(err);
  let text = String(err.message).replace(/\r?\nparams: [\s\S]*$/, '');
  if (isSqlState(err.code) && err.code.startsWith('22')) text = text.replace(/"(?:[^"]|"")*"/g, '"…"');
  return text;
}

function typeOf(err: ErrorLike): string {
  const name = (err as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name !== 'Object' ? name : typeof err.name === 'string' ? err.name : 'Error';
}

/** The stack's frames under the safe first line: the stack repeats the message, values and all. */
function safeStack(err: ErrorLike, type: string, message: string): string {
  if (typeof err.stack !== 'string') return '';
  const frames = err.stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [`${type}: ${message}`, ...frames].join('\n');
}

/** An error as a log line holds it (the shape of pino's own err serializer). */
export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

function serialize(err: unknown, depth: number): SerializedError {
  // Not an error (a string, a number): kept as its text.
  if (!isErrorLike(err)) return { type: typeof err, message: String(err), stack: '' };
  const type = typeOf(err);
  const message = safeErrorMessage(err);
  const out: SerializedError = { type, message, stack: safeStack(err, type, message) };
  for (const key of KEPT) {
    const value = (err as Record<string, unknown>)[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  if (depth < MAX_DEPTH && err.cause !== undefined) out.cause = serialize(err.cause, depth + 1);
  if (depth < MAX_DEPTH && Array.isArray(err.errors)) out.errors = err.errors.slice(0, 10).map((e) => serialize(e, depth + 1));
  return out;
}

/**
 * The logger's serializer for `err` and `cause` (app.ts): type, message and
 * stack without values, the naming fields of KEPT, and the cause chain the
 * same way. Everything else an error carries (params, query, detail, where,
 * hint, internalQuery …) is dropped: a list of what is kept, not of what is not.
 */
export const serializeError = (err: unknown): SerializedError => serialize(err, 0);

/**
 * One line for a failed job's last_error and its log: the error's type and
 * safe message, and the database's code and message when the error wraps one
 * (a DrizzleQueryError says which statement, its cause why).
 */
export function errorSummary(err: unknown): string {
  if (!isErrorLike(err)) return String(err);
  const head = `${typeof err.name === 'string' ? err.name : typeOf(err)}: ${safeErrorMessage(err)}`;
  const cause = err.cause;
  if (!isErrorLike(cause) || !isSqlState(cause.code)) return head;
  return `${head} (${cause.code}: ${safeErrorMessage(cause)})`;
}

type LogMethod = (...args: unknown[]) => void;

/**
 * The logger options that make every log line go through serializeError
 * (app.ts): `err` and `cause` serialized, and a line logged without a message
 * gets the safe one (pino would otherwise take the error's raw message).
 */
export const safeErrorLogging = {
  serializers: { err: serializeError, cause: serializeError },
  hooks: {
    logMethod(this: unknown, args: unknown[], method: LogMethod): void {
      const [first, ...rest] = args;
      const err =
        first instanceof Error ? first : typeof first === 'object' && first !== null ? (first as { err?: unknown }).err : undefined;
      if (err === undefined || typeof rest[0] === 'string') return method.apply(this, args);
      return method.apply(this, [first instanceof Error ? { err: first } : first, safeErrorMessage(err), ...rest]);
    },
  },
};
