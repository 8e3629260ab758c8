import type { z } from 'zod';

/** Where a number sits in a request (object keys; 0 for "an element of the array"). */
export type FieldPath = (string | number)[];

export interface NumberField {
  path: FieldPath;
  /** The bounds the schema declares (from every z.number() reachable at that path). */
  min: number | undefined;
  max: number | undefined;
  /** Whether every number schema at that path takes integers only. */
  int: boolean;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  items?: z.ZodType[];
  values?: unknown[];
  getter?: () => z.ZodType;
  valueType?: z.ZodType;
}
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/**
 * Every number field of a request schema, found by walking zod 4's
 * definitions: objects, arrays, optionals, defaults, nullables, pipes
 * (preprocess, coerce, transform), unions, intersections and lazies. A number
 * literal or a union of them counts as a number field too.
 */
export function numberFields(schema: z.ZodType): NumberField[] {
  const found = new Map<string, NumberField>();
  const seen = new Set<z.ZodType>();
  const walk = (s: z.ZodType, path: FieldPath) => {
    if (seen.has(s)) return;
    seen.add(s);
    const def = defOf(s);
    const add = (min: number | undefined, max: number | undefined, int: boolean) => {
      const key = JSON.stringify(path);
      const prev = found.get(key);
      found.set(key, {
        path,
        min: prev ? Math.min(prev.min ?? -Infinity, min ?? -Infinity) : min,
        max: prev ? Math.max(prev.max ?? Infinity, max ?? Infinity) : max,
        int: prev ? prev.int && int : int,
      });
    };
    switch (def.type) {
      case 'number': {
        const n = s as z.ZodNumber;
        return add(n.minValue ?? undefined, n.maxValue ?? undefined, n.isInt);
      }
      case 'bigint':
        return add(undefined, undefined, true);
      case 'literal':
        if (def.values?.some((v) => typeof v === 'number')) {
          const nums = def.values.filter((v): v is number => typeof v === 'number');
          add(Math.min(...nums), Math.max(...nums), nums.every(Number.isInteger));
        }
        return;
      case 'object':
        for (const [key, child] of Object.entries(def.shape ?? {})) walk(child, [...path, key]);
        return;
      case 'record':
        return walk(def.valueType!, [...path, 'key']);
      case 'array':
        return walk(def.element!, [...path, 0]);
      case 'tuple':
        def.items?.forEach((item, i) => walk(item, [...path, i]));
        return;
      case 'union':
        for (const option of def.options ?? []) walk(option, path);
        return;
      case 'intersection':
        walk(def.left!, path);
        walk(def.right!, path);
        return;
      case 'pipe':
        walk(def.in!, path);
        walk(def.out!, path);
        return;
      case 'lazy':
        return walk(def.getter!(), path);
      default:
        // optional, nullable, default, prefault, catch, readonly, nonoptional, promise …
        if (def.innerType) walk(def.innerType, path);
    }
  };
  walk(schema, []);
  return [...found.values()];
}

/** A deep copy of value with the field at path set to v (creating objects and arrays on the way). */
export function withField(value: unknown, path: FieldPath, v: unknown): unknown {
  if (path.length === 0) return v;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const arr = Array.isArray(value) ? [...(value as unknown[])] : [];
    arr[head] = withField(arr[head], rest, v);
    return arr;
  }
  const obj = value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as object) } : {};
  return { ...obj, [head!]: withField((obj as Record<string, unknown>)[head!], rest, v) };
}
