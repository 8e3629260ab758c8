import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { endpoints, type EndpointName } from '@yance/contracts/endpoints';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, createUser, staffTokens, type TestUser } from './factories.ts';
import { numberFields, withField, type FieldPath, type NumberField } from './number-fields.ts';
import { EXAMPLES, type Part } from './input-bounds-examples.ts';

/**
 * Every number of every call's query and body (found by walking the
 * declarations, so a call added later is covered without touching this file)
 * gets out-of-range, negative, fractional, exponent and non-numeric values:
 * always a 4xx with a Chinese message, never a 5xx (ADR 0024).
 */
let t: TestApp;
let user: TestUser;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  staffToken = (await staffTokens(t)).token;
});
afterAll(async () => t.close());

const CJK = /[\u4e00-\u9fff]/;
const names = Object.keys(endpoints) as EndpointName[];
const schemaOf = (name: EndpointName, part: Part): z.ZodType | undefined =>
  (endpoints[name] as { query?: z.ZodType; body?: z.ZodType })[part];

/**
 * Values a bounded number field must refuse: out of range, negative,
 * fractional (for integer fields), exponent, hexadecimal, padded and
 * non-numeric; query strings get them as text. A value the field's own range
 * allows (a negative where negatives are fine) is left out.
 */
function badValues(part: Part, f: NumberField): unknown[] {
  const min = f.min!;
  const max = f.max!;
  const text = [
    String(max + 1),
    String(min - 1),
    '99999999999',
    '-1',
    '1.5',
    '1e3',
    '0x10',
    ' 12 ',
    'NaN',
    'Infinity',
    '-Infinity',
    'abc',
    '１２',
  ];
  const json = [max + 1, min - 1, 99_999_999_999, -1, 1.5, 1e300, -1e300, true, [], {}];
  const allowed = (v: unknown) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : Number.NaN;
    return Number.isFinite(n) && n >= min && n <= max && (!f.int || Number.isInteger(n));
  };
  return (part === 'query' ? text : [...text, ...json]).filter((v) => !allowed(v));
}

const fields = names.flatMap((name) =>
  (['query', 'body'] as const).flatMap((part) => {
    const schema = schemaOf(name, part);
    return schema ? numberFields(schema).map((f) => ({ name, part, schema, ...f })) : [];
  }),
);

const label = (name: string, part: Part, path: FieldPath) => `${name} ${part}.${path.join('.')}`;

describe('numbers from outside (ADR 0024)', () => {
  it('finds the number fields of the declarations', () => {
    const found = fields.map((f) => label(f.name, f.part, f.path));
    // A sample the walker must see; the test below covers all it finds.
    expect(found).toEqual(
      expect.arrayContaining([
        'deviceSearch query.typeId',
        'deviceSearch query.page',
        'articleList query.pageSize',
        'code4sms body.useFor',
        'update4profile body.organization',
      ]),
    );
  });

  it('gives every number field a finite range', () => {
    for (const f of fields) {
      expect(Number.isFinite(f.min), `${label(f.name, f.part, f.path)} has no minimum`).toBe(true);
      expect(Number.isFinite(f.max), `${label(f.name, f.part, f.path)} has no maximum`).toBe(true);
    }
  });

  it('has a valid example for every call with a number field', () => {
    for (const name of new Set(fields.map((f) => f.name))) {
      for (const part of ['query', 'body'] as const) {
        const schema = schemaOf(name, part);
        if (!schema) continue;
        const example = EXAMPLES[name]?.[part] ?? {};
        const parsed = schema.safeParse(example);
        expect(parsed.error?.issues, `add a valid ${part} of ${name} to EXAMPLES`).toBeUndefined();
      }
    }
  });

  it.each(fields.map((f) => [label(f.name, f.part, f.path), f] as const))(
    'refuses bad values of %s with a Chinese message, never a 5xx',
    async (_, f) => {
      const example = EXAMPLES[f.name] ?? {};
      const scope = endpoints[f.name].scope;
      const token = scope === 'auth' ? user.tokens.token : scope === 'admin' ? staffToken : undefined;
      const bads = badValues(f.part, f);
      // The server parses with the very schema checked here: every value goes to the contract, and one of each kind
      // — out of range, not a number, not a scalar — through the server (all of them once took ~8 000 calls, minutes of CI).
      const sent = new Set([bads[0], 'abc', []].map((v) => JSON.stringify(v)));
      for (const bad of bads) {
        const input = { ...example, [f.part]: withField(example[f.part] ?? {}, f.path, bad) };
        const what = `${label(f.name, f.part, f.path)} = ${JSON.stringify(bad)}`;
        // The contract refuses it at that field …
        const parsed = f.schema.safeParse(input[f.part]);
        expect(parsed.success, what).toBe(false);
        const issue = parsed.error!.issues[0]!;
        expect(issue.path, what).toEqual(f.path);
        expect(issue.message, what).toMatch(CJK);
        if (!sent.has(JSON.stringify(bad))) continue;
        // … and so does the server, with that message.
        const res = await callApi(t, f.name, { ...(input as object), token });
        expect(res.status, `${what}: ${res.body.msg}`).toBeGreaterThanOrEqual(400);
        expect(res.status, what).toBeLessThan(500);
        expect(res.body.msg, what).toBe(issue.message);
      }
    },
  );
});

describe('GET /api/open/web/device/search', () => {
  it('answers 400 for a type id the database cannot hold (it once answered 500)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/open/web/device/search?typeId=99999999999' });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ code: 0, msg: '[项目类型]不能大于2147483647', data: null });
  });
  it('still takes the largest id and page (nothing found, no error)', async () => {
    const res = await callApi(t, 'deviceSearch', {
      query: { typeId: 2_147_483_647, childId: 2_147_483_647, areaId: 2_147_483_647, page: 10_000 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ list: [], total: 0 });
  });
});
