import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, httpStatusOf, type ErrorKind } from '@yance/contracts/envelope';
import { AppError } from '../lib/app-error.ts';

const fail = (kind: ErrorKind, msg: string) => ({ code: ErrorCode[kind], msg, data: null });

/** Messages for Fastify's own errors, keyed by its error code. */
const fastifyErrors: Record<string, [ErrorKind, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['INVALID', '请求体不是合法的JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['INVALID', '请求体不能为空'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', '请求体过大'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['INVALID', '不支持的请求格式'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['INVALID', '请求长度不正确'],
  FST_ERR_CTP_INVALID_TYPE: ['INVALID', '不支持的请求格式'],
};

/**
 * One error handler for the whole API: AppError, schema validation and
 * Fastify's parser errors become the {code, msg, data} envelope with an honest
 * HTTP status; anything else is logged and answered without internals.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(httpStatusOf[error.kind]).send(fail(error.kind, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const text = first?.message ?? '格式不正确';
      // Contract messages already name their field ("[页码]…"); zod's own ones get it prefixed.
      const msg = /^[[「]/.test(text) ? text : `[${fieldOf(first?.instancePath)}]${text}`;
      return reply.status(400).send(fail('INVALID', msg));
    }
    if (isBadTextError(error)) return reply.status(400).send(fail('INVALID', '请求包含非法字符'));
    const known = error.code ? fastifyErrors[error.code] : undefined;
    if (known) return reply.status(httpStatusOf[known[0]]).send(fail(known[0], known[1]));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      if (error.statusCode === 429) return reply.status(429).send(fail('RATE_LIMITED', '操作过于频繁，请稍后再试'));
      return reply.status(400).send(fail('INVALID', '请求不正确'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(fail('INTERNAL', '服务器繁忙，请稍后再试'));
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply.status(404).send(fail('NOT_FOUND', '接口不存在'));
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
  });
});

function fieldOf(instancePath: string | undefined): string {
  const last = instancePath?.split('/').filter(Boolean).pop();
  return last ?? '参数';
}

/** PostgreSQL refuses NUL bytes in text (22021, 22P05): bad input, not a server fault. */
function isBadTextError(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return cause?.code === '22021' || cause?.code === '22P05';
}
