import { describe, expect, it } from 'vitest';
import { errorSummary, safeErrorMessage, serializeError } from './log-errors.ts';

/** As drizzle-orm's DrizzleQueryError is made: the statement and its values in the message, both as fields. */
class DrizzleQueryError extends Error {
  constructor(
    public query: string,
    public params: unknown[],
    cause: unknown,
  ) {
    super(`Failed query: ${query}\nparams: ${params.join(',')}`, { cause });
  }
}

/** As pg's DatabaseError carries a unique violation. */
function uniqueViolation() {
  return Object.assign(new Error('duplicate key value violates unique constraint "user_account_phone_unique"'), {
    name: 'error',
    severity: 'ERROR',
    code: '23505',
    detail: 'Key (phone)=(13900000001) already exists.',
    where: 'SQL statement "insert …" PL/pgSQL function f() line 3 at SQL statement',
    hint: 'phone 13900000001',
    schema: 'public',
    table: 'user_account',
    constraint: 'user_account_phone_unique',
    internalQuery: "select '13900000001'",
  });
}

describe('serializeError (ADR 0056)', () => {
  it('keeps the statement and the naming fields of a failed query, never its values', () => {
    const err = new DrizzleQueryError('insert into "user_account" ("phone") values ($1)', ['13900000001'], uniqueViolation());
    const out = serializeError(err);
    expect(JSON.stringify(out)).not.toContain('13900000001');
    expect(out).toMatchObject({ type: 'DrizzleQueryError', message: 'Failed query: insert into "user_account" ("phone") values ($1)' });
    expect(out.stack.split('\n')[0]).toBe(`DrizzleQueryError: ${out.message}`);
    expect(out.cause).toEqual({
      type: 'Error',
      message: 'duplicate key value violates unique constraint "user_account_phone_unique"',
      stack: expect.stringContaining('duplicate key value'),
      severity: 'ERROR',
      code: '23505',
      schema: 'public',
      table: 'user_account',
      constraint: 'user_account_phone_unique',
    });
  });

  it('masks the quoted value of a data exception (SQLSTATE class 22), not the names of other errors', () => {
    const cast = Object.assign(new Error('invalid input syntax for type integer: "SECRET-PARAM-123"'), { code: '22P02' });
    expect(safeErrorMessage(cast)).toBe('invalid input syntax for type integer: "…"');
    expect(JSON.stringify(serializeError(cast))).not.toContain('SECRET');
    const missing = Object.assign(new Error('relation "nope" does not exist'), { code: '42P01' });
    expect(safeErrorMessage(missing)).toBe('relation "nope" does not exist');
  });

  it('follows causes and an AggregateError’s errors (a refused connection), and keeps a plain value as text', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
      errno: -111,
      syscall: 'connect',
    });
    const out = serializeError(new AggregateError([refused], 'all attempts failed'));
    expect(out).toMatchObject({ type: 'AggregateError', errors: [{ code: 'ECONNREFUSED', errno: -111, syscall: 'connect' }] });
    expect(serializeError('refused signature')).toEqual({ type: 'string', message: 'refused signature', stack: '' });
  });

  it('summarises a failed query for job.last_error with the database’s code and reason', () => {
    const err = new DrizzleQueryError(
      'select $1::int',
      ['x'],
      Object.assign(new Error('invalid input syntax for type integer: "x"'), { code: '22P02' }),
    );
    expect(errorSummary(err)).toBe('Error: Failed query: select $1::int (22P02: invalid input syntax for type integer: "…")');
    expect(errorSummary(new Error('gateway down'))).toBe('Error: gateway down');
  });
});
