import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * fast-json-stringify's reading of a contract's JSON Schema:
 * - `additionalProperties: false` goes: fast-json-stringify writes only the properties a schema lists whether or not
 *   it is there, and without it a union's branch is matched as zod matches it (extra fields are ignored, then left
 *   out), not refused;
 * - a nullable value (`anyOf: [X, {type: 'null'}]`) becomes X with `nullable: true`, written without running a
 *   validator to pick the branch.
 */
function forStringify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forStringify);
  if (!schema || typeof schema !== 'object') return schema;
  const { anyOf, ...rest } = schema as JsonSchema;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const branches = anyOf as JsonSchema[];
    const isNull = (b: JsonSchema) => b.type === 'null' && Object.keys(b).length === 1;
    const value = branches.find((b) => !isNull(b));
    if (branches.some(isNull) && value && typeof value.type === 'string')
      return { ...(forStringify(rest) as JsonSchema), ...(forStringify(value) as JsonSchema), nullable: true };
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema as JsonSchema)) {
    if (key === '$schema' || (key === 'additionalProperties' && value === false)) continue;
    // Property names, enum and const values and the required list are data, not schemas.
    if (key === 'properties') out[key] = Object.fromEntries(Object.entries(value as JsonSchema).map(([k, v]) => [k, forStringify(v)]));
    else if (key === 'enum' || key === 'const' || key === 'required') out[key] = value;
    else out[key] = forStringify(value);
  }
  return out;
}

/**
 * A response contract as JSON Schema, from the zod schema that declares it (the one source of truth): what the
 * handler's answer is written with. Throws on anything JSON Schema cannot say (a transform, a date object), so a
 * contract that cannot be compiled fails the test that compiles every endpoint's answer, not a request.
 */
export const responseJsonSchema = (schema: z.ZodType): JsonSchema =>
  forStringify(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' })) as JsonSchema;

/** Whether a schema holds a free value somewhere (`{}`: any JSON, as an audit row's before/after values). */
export function hasFreeValue(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(hasFreeValue);
  if (!schema || typeof schema !== 'object') return false;
  const s = schema as JsonSchema;
  if (Object.keys(s).filter((k) => k !== 'nullable').length === 0) return true;
  return Object.entries(s).some(([key, value]) =>
    key === 'properties'
      ? Object.values(value as JsonSchema).some(hasFreeValue)
      : key !== 'enum' && key !== 'const' && key !== 'required' && hasFreeValue(value),
  );
}

type Stringify = (data: unknown) => string;
/** Compiled once per schema and process (every route's failure envelope is one schema; tests build many apps); null: zod's way. */
const compiledBySchema = new WeakMap<z.ZodType, Stringify | null>();
export function compiled(schema: z.ZodType): Stringify | null {
  let stringify = compiledBySchema.get(schema);
  if (stringify === undefined) {
    const json = responseJsonSchema(schema);
    // fast-json-stringify writes a free value with JSON.stringify, which leaves `undefined` in an array as it is (not
    // JSON); the few contracts with free values keep zod's encoding.
    stringify = hasFreeValue(json) ? null : (fastJson(json as unknown as Parameters<typeof fastJson>[0]) as Stringify);
    compiledBySchema.set(schema, stringify);
  }
  return stringify;
}

/**
 * The serialiser of every response with a schema (ADR 0067): the contract compiled once per route by
 * fast-json-stringify, which writes the listed fields only — a field the contract does not name never reaches the
 * client — and throws on a missing required one (the request then fails, 500, as a zod check failed before). A
 * contract with free values (any JSON: the audit list's before/after, the exports' file answers) is encoded by zod
 * and JSON.stringify, as every answer was before.
 *
 * `check` (NODE_ENV=test: the server's tests and the e2e run) also encodes every answer with zod and fails the request
 * when the contract refuses it or when the compiled serialiser wrote another JSON value than zod's output (keys may
 * come in another order): every test that answers a call proves the two agree.
 */
export function contractSerializerCompiler({ check }: { check: boolean }): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    // Compiled with the route's first answer, not at start: a process compiles the contracts it answers with, and a
    // start does not pay for all ~400 (half a second of CPU). That every contract compiles is proven by the test that
    // compiles every endpoint's answer (response-serializer.test.ts), before any process starts.
    let write: Stringify | undefined;
    return (data) => (write ??= serializerOf(schema, method, url, check))(data);
  };
}

function serializerOf(schema: z.ZodType, method: string, url: string, check: boolean): Stringify {
  const stringify = compiled(schema);
  const encode = (data: unknown) => {
    const encoded = z.safeEncode(schema, data);
    if (encoded.error) throw new ResponseSerializationError(method, url, { cause: encoded.error });
    return JSON.stringify(encoded.data);
  };
  if (!stringify) return encode;
  if (!check) return stringify;
  return (data) => {
    const expected = encode(data);
    const written = stringify(data);
    // The same JSON value; the order of the keys may differ (fast-json-stringify writes the required ones first).
    if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected)))
      throw new Error(`${method} ${url}: the compiled serialiser wrote ${written}, the contract ${expected}`);
    return written;
  };
}
