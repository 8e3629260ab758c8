// The gateways sign the callback's bytes, not its parsed fields (ADR 0050):
// the open scope keeps the body of /api/open/pay/notify/* as it arrived.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const NOTIFY_PREFIX = '/api/open/pay/notify/';
const LIMIT = 64 * 1024;
const raw = new WeakMap<FastifyRequest, string>();

/** Adds the hook that copies a callback's body before it is parsed (the parser reads the copy). */
export function keepCallbackBodies(scope: FastifyInstance): void {
  scope.addHook('preParsing', async (request, _reply, payload) => {
    if (!request.url.startsWith(NOTIFY_PREFIX)) return payload;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      size += b.length;
      if (size > LIMIT) throw Object.assign(new Error('callback body too large'), { statusCode: 413 });
      chunks.push(b);
    }
    const body = Buffer.concat(chunks);
    raw.set(request, body.toString('utf8'));
    const copy = Readable.from([body]) as Readable & { receivedEncodedLength?: number };
    copy.receivedEncodedLength = body.length;
    return copy;
  });
}

/** The callback's body exactly as sent ('' when it had none). */
export const rawBodyOf = (request: FastifyRequest): string => raw.get(request) ?? '';
