import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_KINDS, type ErrorKind } from '@yance/contracts/codes';
import { AppError, UNAVAILABLE_MESSAGE } from '../lib/app-error.ts';
import { isConnectionError } from '../db/connection-errors.ts';

/** Messages for Fastify's own errors, keyed by its error code. */
const fastifyErrors: Record<string, [ErrorKind, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['INVALID', '请求体不是合法的JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['INVALID', '请求体不能为空'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', '请求体过大'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['INVALID', '不支持的请求格式'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['INVALID', '请求长度不正确'],
  FST_ERR_CTP_INVALID_TYPE: ['INVALID', '不支持的请求格式'],
  FST_ERR_BAD_URL: ['INVALID', '请求地址不正确'],
  FST_ERR_ASYNC_CONSTRAINT: ['INVALID', '请求不正确'],
};

/** The failure envelope; only this module and the HTTP parser's handler write one. */
export const failure = (kind: ErrorKind, msg: string) => ({ code: ERROR_KINDS[kind].code, msg, data: null });

function send(reply: FastifyReply, kind: ErrorKind, msg: string) {
  return reply.status(ERROR_KINDS[kind].status).send(failure(kind, msg));
}

/** What the caller sees of an error, and whether it is our fault (logged with its cause). */
function classify(error: FastifyError): { kind: ErrorKind; msg: string } | null {
  if (error instanceof AppError) return { kind: error.kind, msg: error.message };
  if (isConnectionError(error)) return { kind: 'UNAVAILABLE', msg: UNAVAILABLE_MESSAGE };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const text = first?.message ?? '格式不正确';
    // Contract messages already name their field ("[页码]…"); zod's own ones get it prefixed.
    return { kind: 'INVALID', msg: /^[[「]/.test(text) ? text : `[${fieldOf(first?.instancePath)}]${text}` };
  }
  if (isBadTextError(error)) return { kind: 'INVALID', msg: '请求包含非法字符' };
  const known = error.code ? fastifyErrors[error.code] : undefined;
  if (known) return { kind: known[0], msg: known[1] };
  if (error.statusCode === 429) return { kind: 'RATE_LIMITED', msg: '操作过于频繁，请稍后再试' };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return { kind: 'INVALID', msg: '请求不正确' };
  return null;
}

/**
 * One error handler for the whole app (ADR 0010): AppError, schema validation
 * and Fastify's parser errors become the {code, msg, data} envelope with an
 * honest HTTP status. Anything else, and every 5xx, is logged with its cause
 * and the request id (through the logger's error serializer: no SQL
 * parameters or values, ADR 0056); the client gets a Chinese sentence and that id.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply) => {
    const known = classify(error);
    if (known && ERROR_KINDS[known.kind].status < 500) return send(reply, known.kind, known.msg);
    if (known?.kind === 'UNAVAILABLE') {
      // An outage of the database or Redis, expected to pass: one line, no stack; the client is told to retry.
      const cause = (error.cause ?? error) as { code?: unknown; message?: unknown };
      request.log.warn({ reqId: request.id, code: cause.code, reason: cause.message }, 'dependency unavailable');
      return send(reply, known.kind, known.msg);
    }
    request.log.error({ err: error, cause: error.cause, reqId: request.id }, 'request failed');
    if (known) return send(reply, known.kind, `${known.msg}（请求编号 ${request.id}）`);
    return send(reply, 'INTERNAL', `服务器繁忙，请稍后再试（请求编号 ${request.id}）`);
  });

  app.setNotFoundHandler((request, reply) => {
    if (/^\/api(\/|$)/i.test(request.url)) return send(reply, 'NOT_FOUND', '接口不存在');
    return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
  });
});

function fieldOf(instancePath: string | undefined): string {
  const last = instancePath?.split('/').filter(Boolean).pop();
  return last ?? '参数';
}

/** PostgreSQL refuses NUL bytes in text (22021, 22P05): bad input, not a server fault. */
function isBadTextError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return true;
  }
  return false;
}
