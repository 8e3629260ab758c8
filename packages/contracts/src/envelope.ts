import { z } from 'zod';

export { OK_CODE, ERROR_KINDS, ErrorCode, type ErrorKind } from './codes.ts';
import { OK_CODE } from './codes.ts';

export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.literal(OK_CODE), msg: z.string(), data });

export const errorEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.null(),
});

export type Envelope<T> = { code: number; msg: string; data: T };
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
