import type { Socket } from 'node:net';
import { ErrorCode } from '@yance/contracts/envelope';

/** What Node's HTTP parser reports before Fastify sees a request (header too large, bad request line, timeout). */
interface ParserError extends Error {
  code?: string;
}

function answerFor(code: string | undefined): { status: number; reason: string; msg: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, reason: 'Request Header Fields Too Large', msg: '请求头过大' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, reason: 'Request Timeout', msg: '请求超时，请重试' };
  return { status: 400, reason: 'Bad Request', msg: '请求格式不正确' };
}

/**
 * Fastify's clientErrorHandler: errors the HTTP parser raises before routing
 * answer in the same {code, msg, data} envelope as every other error, with a
 * Chinese message, then close the connection (the stream can no longer be
 * trusted). Nothing from the parser's own text reaches the client.
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
        'X-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n\r\n',
    );
    socket.write(body);
  }
  socket.destroy(error);
}
