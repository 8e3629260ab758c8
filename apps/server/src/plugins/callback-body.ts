// The gateways sign the callback's bytes, not its parsed fields (ADR 0050):
// the open scope keeps the body of /api/open/pay/notify/* as it arrived.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, RequestPayload } from 'fastify';

const NOTIFY_PREFIX = '/api/open/pay/notify/';
const LIMIT = 64 * 1024;
const raw = new WeakMap<FastifyRequest, string>();

/** Copies a callback's body before it is parsed (the parser reads the copy). */
async function keepBody(request: FastifyRequest, _reply: FastifyReply, payload: RequestPayload): Promise<RequestPayload> {
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
}

/**
 * Gives the callback routes of this scope (/api/open/pay/notify/*) the hook that keeps their body. On those routes
 * only: a hook of the whole scope ran (a promise) on every open call, the home API included (ADR 0067).
 */
export function keepCallbackBodies(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    if (!route.url.startsWith(NOTIFY_PREFIX)) return;
    const own = route.preParsing;
    route.preParsing = [...(own === undefined ? [] : Array.isArray(own) ? own : [own]), keepBody];
  });
}

/** The callback's body exactly as sent ('' when it had none). */
export const rawBodyOf = (request: FastifyRequest): string => raw.get(request) ?? '';
