import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints, type EndpointName } from '@yance/contracts/endpoints';
import { envelope, errorEnvelope } from '@yance/contracts/envelope';
import { userInfoResponse } from '@yance/contracts/user';
import { compiled, contractSerializerCompiler, hasFreeValue, responseJsonSchema } from './response-serializer.ts';

let close: (() => Promise<unknown>) | undefined;
afterEach(async () => close?.());

/** An app with one route answering `data` under `schema`, written by the contract serialiser. */
async function answering(schema: z.ZodType, data: unknown, check: boolean) {
  const app = Fastify({ logger: false });
  app.setSerializerCompiler(contractSerializerCompiler({ check }));
  app.get('/x', { schema: { response: { 200: schema } } }, async () => data);
  await app.ready();
  close = () => app.close();
  return app.inject({ method: 'GET', url: '/x' });
}

const SECRET = 'secret-field-outside-the-contract';

/** Every shape a contract has: nested and nullable objects, arrays of objects, unions, records, optional fields. */
const shapes = z.object({
  id: z.number().int(),
  name: z.string(),
  note: z.string().nullable(),
  optional: z.string().optional(),
  owner: z.object({ name: z.string(), phone: z.string() }).nullable(),
  lines: z.array(z.object({ no: z.string(), count: z.number().int() })),
  pick: z.union([z.object({ kind: z.literal('a'), a: z.string() }), z.object({ kind: z.literal('b'), b: z.number() })]),
  byKey: z.record(z.string(), z.object({ n: z.number() })),
  state: z.enum(['open', 'closed']),
});
const leaky = {
  id: 7,
  name: '张三',
  note: null,
  owner: { name: '李四', phone: '13800138000', passwordHash: SECRET },
  lines: [{ no: 'L1', count: 2, costFen: SECRET }],
  pick: { kind: 'b', b: 3, internal: SECRET },
  byKey: { k: { n: 1, hidden: SECRET } },
  state: 'open',
  passwordHash: SECRET,
};

describe('the compiled contract serialiser (ADR 0067)', () => {
  it('writes only the fields the contract names, at every depth, as zod would', async () => {
    const res = await answering(shapes, leaky, false);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(SECRET);
    expect(JSON.parse(res.body)).toStrictEqual(JSON.parse(JSON.stringify(shapes.parse(leaky))));
  });

  it("leaves out every field of user/info's answer that its contract does not name", async () => {
    const schema = envelope(userInfoResponse);
    const account = {
      account: 'u1',
      username: null,
      phone: '13800138000',
      inviteCode: 'ABCD2345',
      name: '',
      email: '',
      organization: null,
      company: '',
      teacher: '',
      teacher_phone: '',
      teacher_mail: '',
      region: '',
      address: '',
      attested: false,
      wechatBound: false,
      created: '2026-11-28T00:00:00.000Z',
      attestationState: 'none',
      attestationReason: '',
      manager: { name: '王经理', phone: '13900139000', email: 'm@example.cn', wechatQr: '', id: 3, roles: ['manager'] },
      // What a handler spreading the account row would add.
      passwordHash: SECRET,
      wxOpenid: SECRET,
    };
    const data = { code: 1, msg: 'ok', data: { userInfo: account, address: [], cartNum: 0, sessionId: SECRET } };
    for (const check of [false, true]) {
      const res = await answering(schema, data, check);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(SECRET);
      expect(res.body).not.toContain('"roles"');
      expect(JSON.parse(res.body)).toEqual(schema.parse(data));
    }
  });

  it('writes optional fields too (after the required ones: the order of keys is not part of a contract)', async () => {
    const schema = z.object({ a: z.string(), b: z.boolean().optional(), c: z.string() });
    for (const check of [false, true]) {
      const res = await answering(schema, { b: false, c: 'c', a: 'a' }, check);
      expect(res.statusCode).toBe(200);
      expect(JSON.parse(res.body)).toStrictEqual({ a: 'a', b: false, c: 'c' });
    }
  });

  it('fails the request when a required field is missing, as the zod check did', async () => {
    const res = await answering(shapes, { ...leaky, name: undefined }, false);
    expect(res.statusCode).toBe(500);
  });

  it('writes a contract with free values as zod did (undefined in an array is null, as JSON says)', async () => {
    const schema = z.object({ changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])) });
    const data = { changes: { a: [undefined, 5], b: [{ x: 1 }, null] }, hidden: SECRET };
    for (const check of [false, true]) {
      const res = await answering(schema, data, check);
      expect(res.body).toBe('{"changes":{"a":[null,5],"b":[{"x":1},null]}}');
    }
  });

  it('in the tests (check) also fails an answer the contract refuses', async () => {
    expect((await answering(shapes, { ...leaky, id: 'seven' }, true)).statusCode).toBe(500);
    expect((await answering(shapes, { ...leaky, state: 'gone' }, true)).statusCode).toBe(500);
  });

  it("compiles every endpoint's answer; no object is open but a record's values and the contracts' own free values", () => {
    // Where a contract itself says "any JSON" (an audit row's before/after values; the exports answer a file): these
    // few keep zod's encoding (hasFreeValue).
    const free = new Set([
      'auditList data.list[].changes{}[0]',
      'auditList data.list[].changes{}[1]',
      'adminTopupReceipt data',
      'adminLedgerExport data',
      'adminLedgerJournalExport data',
    ]);
    const zodEncoded = (Object.keys(endpoints) as EndpointName[]).filter((name) =>
      hasFreeValue(responseJsonSchema(envelope(endpoints[name].response))),
    );
    expect(zodEncoded.sort()).toEqual(['adminLedgerExport', 'adminLedgerJournalExport', 'adminTopupReceipt', 'auditList']);
    const found: string[] = [];
    const walk = (name: string, s: Record<string, unknown>, at: string) => {
      const keys = Object.keys(s).filter((k) => k !== 'nullable');
      if (keys.length === 0) found.push(`${name} ${at}`);
      const props = s.properties as Record<string, Record<string, unknown>> | undefined;
      // An object with listed properties never says more may be written.
      if (props && s.additionalProperties !== undefined) found.push(`${name} ${at}: open object`);
      if (s.additionalProperties === true) found.push(`${name} ${at}: open object`);
      for (const [k, v] of Object.entries(props ?? {})) walk(name, v, at ? `${at}.${k}` : k);
      if (s.items && typeof s.items === 'object' && !Array.isArray(s.items)) walk(name, s.items as Record<string, unknown>, `${at}[]`);
      if (Array.isArray(s.items)) (s.items as Record<string, unknown>[]).forEach((v, i) => walk(name, v, `${at}[${i}]`));
      if (s.additionalProperties && typeof s.additionalProperties === 'object')
        walk(name, s.additionalProperties as Record<string, unknown>, `${at}{}`);
      for (const list of ['anyOf', 'oneOf', 'allOf'] as const)
        ((s[list] as Record<string, unknown>[] | undefined) ?? []).forEach((v, i) => walk(name, v, `${at}|${i}`));
    };
    for (const name of Object.keys(endpoints) as EndpointName[]) {
      const schema = responseJsonSchema(envelope(endpoints[name].response));
      walk(name, schema, '');
      // What a route compiles with its first answer (not at start), compiled here for every endpoint.
      expect(() => compiled(envelope(endpoints[name].response)), name).not.toThrow();
    }
    walk('errorEnvelope', responseJsonSchema(errorEnvelope), '');
    expect(found.filter((f) => !free.has(f))).toEqual([]);
    // The walk sees them: it would see any other.
    expect(found).toEqual(expect.arrayContaining([...free]));
  });
});
