import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@yance/contracts/envelope';
import { applySecurityHeaders, SECURITY_HEADERS } from './security-headers.ts';

/** What Node's HTTP parser reports before Fastify sees a request (header too large, bad request line, timeout). */
interface ParserError extends Error {
  code?: string;
}

/** No request, no hooks: every answer's security headers (HSTS, COOP, CORP, CSP …) as raw lines, from the one list. */
const SECURITY_HEADER_LINES = Object.entries(SECURITY_HEADERS)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');

function answerFor(code: string | undefined): { status: number; reason: string; msg: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, reason: 'Request Header Fields Too Large', msg: '请求头过大' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, reason: 'Request Timeout', msg: '请求超时，请重试' };
  return { status: 400, reason: 'Bad Request', msg: '请求格式不正确' };
}

/**
 * Fastify's clientErrorHandler: errors the HTTP parser raises before routing
 * answer in the same {code, msg, data} envelope as every other error, with a
 * Chinese message, then close the connection (the stream can no longer be
 * trusted). Nothing from the parser's own text reaches the client. The
 * security headers are those of every other answer (SECURITY_HEADERS).
 */
export function clientErrorHandler(error: ParserError, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, reason, msg } = answerFor(error.code);
  const body = Buffer.from(JSON.stringify({ code: ErrorCode.INVALID, msg, data: null }));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${body.length}\r\n` +
        SECURITY_HEADER_LINES +
        'Connection: close\r\n\r\n',
    );
    socket.write(body);
  }
  socket.destroy(error);
}

/**
 * Fastify's frameworkErrors: errors found while routing, before any hook runs
 * (FST_ERR_BAD_URL for "/%zz"). Without this Fastify echoes the URL back in
 * English; here it is the envelope, with the usual security headers.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  applySecurityHeaders(reply.raw);
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send({ code: ErrorCode.INVALID, msg: '请求地址不正确', data: null });
    return;
  }
  request.log.error({ err: error }, 'routing error');
  void reply.status(500).send({ code: ErrorCode.INTERNAL, msg: '服务器繁忙，请稍后再试', data: null });
}
