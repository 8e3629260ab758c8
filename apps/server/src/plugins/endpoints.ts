import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BodyOut, DataOf, QueryOut } from '@yance/contracts/endpoint';
import { endpoints, type EndpointName, type Endpoints } from '@yance/contracts/endpoints';
import { envelope, errorEnvelope } from '@yance/contracts/envelope';
import type { Scope } from '@yance/contracts/routes';
import type { AdminAccess } from '@yance/contracts/staff';
import type { MemoryAnswer } from '../lib/memory-answers.ts';
import { ok } from '../lib/reply.ts';
import { compiled } from './response-serializer.ts';
import type { StaffCaller } from '../context.ts';
import type { AuthUser } from './auth.ts';

/** Who a handler acts for, by the scope its endpoint is declared in. */
export type UserOf<K extends EndpointName> = Endpoints[K]['scope'] extends 'auth' ? AuthUser : null;
/** The staff member an admin call acts for; null for the admin calls anyone may make (sign-in) and outside the admin scope. */
export type StaffOf<K extends EndpointName> = Endpoints[K] extends { scope: 'admin'; access: infer A }
  ? A extends 'anyone'
    ? null
    : StaffCaller
  : null;

/** What a handler gets: the parsed input, the caller, and the raw request for what is left (headers, ip). */
export interface Call<K extends EndpointName> {
  query: QueryOut<Endpoints[K]>;
  body: BodyOut<Endpoints[K]>;
  user: UserOf<K>;
  staff: StaffOf<K>;
  ip: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A handler answers its endpoint's data (wrapped in the success envelope
 * here), or the reply itself when it has sent something else (XML callbacks,
 * the pre-serialised home payload).
 */
export type Handler<K extends EndpointName> = (call: Call<K>) => Promise<DataOf<Endpoints[K]> | FastifyReply>;
export type Handlers = { [K in EndpointName]?: Handler<K> };

/** What every route of ours carries in its config; the scope test reads it (ADR 0009). */
export interface EndpointConfig {
  scope: Scope;
  endpoint: EndpointName;
  /** Admin scope: who may call it (ADR 0032); the scope's guard reads it. */
  access?: AdminAccess;
}

const failures = { '4xx': errorEnvelope, '5xx': errorEnvelope };

/** Each endpoint's success envelope, made once per process: its serialiser is compiled once per schema (ADR 0067). */
const successEnvelopes = new Map<EndpointName, ReturnType<typeof envelope>>();
function successEnvelope(name: EndpointName) {
  let schema = successEnvelopes.get(name);
  if (!schema) successEnvelopes.set(name, (schema = envelope(endpoints[name].response)));
  return schema;
}

/**
 * Answers never worth compressing, so the compression plugin's hook is not even added to their routes: user/info is a
 * few hundred bytes to a few kB asked on every signed-in page, and the plugin's negotiation alone (Accept-Encoding
 * parsed, the content type checked, before its size threshold) was a tenth of the call's remaining CPU (ADR 0081);
 * pay/order answers one order's id and two sums, always far under the plugin's 1 kB threshold (ADR 0082).
 */
const UNCOMPRESSED: ReadonlySet<EndpointName> = new Set(['userInfo', 'payOrder']);

/** Answers of the signed-in scopes are personal: no browser or proxy may keep them (scopes.ts sets it on every one). */
export const PERSONAL_CACHE_CONTROL = 'no-store';

/** The headers of a signed-in call's answer that is not compressed (UNCOMPRESSED): its type, and no caching. */
const PERSONAL_JSON = { 'content-type': 'application/json; charset=utf-8', 'cache-control': PERSONAL_CACHE_CONTROL } as const;

/**
 * A signed-in, uncompressed endpoint's success answer as its route writes it — the envelope by the same compiled
 * contract, the same headers — for the answers written before Fastify (ADR 0083); the socket test compares the two.
 */
export function personalAnswerOf<K extends EndpointName>(name: K): (data: DataOf<Endpoints[K]>) => MemoryAnswer {
  const ep = endpoints[name];
  const write = compiled(successEnvelope(name));
  if (ep.scope !== 'auth' || !UNCOMPRESSED.has(name) || !write) throw new Error(`${name} is not answered from memory (ADR 0083)`);
  const msg = 'success' in ep ? ep.success : undefined;
  return (data) => ({ headers: PERSONAL_JSON, body: Buffer.from(write(ok(data, msg)), 'utf8') });
}

/**
 * Registers, in the scope plugin it is called from, every endpoint declared
 * in that scope. A declared endpoint without a handler is a start-up error,
 * so a call cannot be declared and silently missing.
 */
export function registerEndpoints(app: FastifyInstance, scope: Scope, handlers: Handlers): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const ep = endpoints[name];
    if (ep.scope !== scope) continue;
    const handler = handlers[name] as Handler<EndpointName> | undefined;
    if (!handler) throw new Error(`endpoint ${name} has no handler`);
    const access = 'access' in ep ? ep.access : undefined;
    if (scope === 'admin' && !access) throw new Error(`admin endpoint ${name} declares no access (ADR 0032)`);
    const config: EndpointConfig = { scope, endpoint: name, ...(access ? { access } : {}) };
    typed.route({
      method: ep.method,
      url: ep.path,
      config,
      ...(UNCOMPRESSED.has(name) ? { compress: false as const } : {}),
      schema: {
        tags: [scope],
        summary: ep.summary,
        ...('description' in ep ? { description: ep.description } : {}),
        ...('hidden' in ep ? { hide: ep.hidden } : {}),
        ...('query' in ep ? { querystring: ep.query } : {}),
        ...('body' in ep ? { body: ep.body } : {}),
        ...(scope === 'open' || access === 'anyone' ? {} : { security: [{ token: [] }] }),
        ...(access ? { 'x-permission': access } : {}),
        response: { 200: successEnvelope(name), ...failures },
      },
      handler: async (request, reply) => {
        const call = {
          query: request.query,
          body: request.body,
          user: request.user,
          staff: request.staff,
          ip: request.ip,
          request,
          reply,
        } as Call<EndpointName>;
        const out = await handler(call);
        // A handler that sent the answer itself returns the reply. A Reply is a thenable, so awaiting it
        // yields undefined once it is sent: `sent` is what tells, or the envelope would be sent a second time.
        if (out === reply || reply.sent) return reply;
        return ok(out, 'success' in ep ? ep.success : undefined);
      },
    });
  }
}
