import type { z } from 'zod';
import type { Route } from './routes.ts';

/**
 * A call as both sides know it: its route (routes.ts) plus what it takes and
 * answers. The server registers routes and OpenAPI from these; the web and
 * the tests call them by name (ADR 0009).
 */
export interface Endpoint extends Route {
  summary: string;
  description?: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The `data` of the success envelope. */
  response: z.ZodType;
  /** The envelope's msg on success (the spec's success toasts); default 操作成功. */
  success?: string;
  /** Not in the OpenAPI document (callbacks of outside services). */
  hidden?: boolean;
}

type Field<E, K extends 'query' | 'body'> = E extends { [P in K]: infer S extends z.ZodType } ? S : undefined;

/** What a caller sends (before defaults and coercion). */
export type QueryIn<E> = Field<E, 'query'> extends z.ZodType ? z.input<Field<E, 'query'>> : undefined;
export type BodyIn<E> = Field<E, 'body'> extends z.ZodType ? z.input<Field<E, 'body'>> : undefined;
/** What a handler receives (after parsing). */
export type QueryOut<E> = Field<E, 'query'> extends z.ZodType ? z.output<Field<E, 'query'>> : undefined;
export type BodyOut<E> = Field<E, 'body'> extends z.ZodType ? z.output<Field<E, 'body'>> : undefined;
/** The data of a successful answer. */
export type DataOf<E> = E extends { response: infer R extends z.ZodType } ? z.output<R> : never;
