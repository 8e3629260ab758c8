import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '@yance/contracts/endpoints';
import { contractSerializerCompiler } from './response-serializer.ts';
import { registerEndpoints, type Handler, type Handlers } from './endpoints.ts';

let close: (() => Promise<unknown>) | undefined;
afterEach(async () => close?.());

/** An app with the open scope's endpoints, each answered by `handler`, and the warnings it logs. */
async function openScope(handler: Handler<EndpointName>) {
  const warnings: { err?: { code?: string } }[] = [];
  const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void warnings.push(JSON.parse(line)) } } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler({ check: true }));
  const names = (Object.keys(endpoints) as EndpointName[]).filter((name) => endpoints[name].scope === 'open');
  registerEndpoints(app, 'open', Object.fromEntries(names.map((name) => [name, handler])) as Handlers);
  await app.ready();
  close = () => app.close();
  return { app, warnings };
}

it('a handler that sends the reply itself is answered once: no second send of an envelope', async () => {
  // What the home call (pre-serialised bytes) and the WeChat callback (XML) do.
  const { app, warnings } = await openScope(async ({ reply }) => reply.header('content-type', 'text/plain').send('sent by the handler'));
  const res = await app.inject({ method: 'GET', url: endpoints.ping.path });
  expect(res.statusCode).toBe(200);
  expect(res.body).toBe('sent by the handler');
  // Awaiting a returned Reply (a thenable) yields undefined; before the fix that became ok(undefined), sent a second time.
  expect(warnings.filter((w) => w.err?.code === 'FST_ERR_REP_ALREADY_SENT')).toEqual([]);
});

it('a handler that answers data gets the success envelope with the endpoint message', async () => {
  const { app, warnings } = await openScope(async () => ({ pong: true }) as never);
  const res = await app.inject({ method: 'GET', url: endpoints.ping.path });
  expect(res.json()).toEqual({ code: 1, msg: '操作成功', data: { pong: true } });
  expect(warnings).toEqual([]);
});
