import { z } from 'zod';

/** Query-string paging shared by every list call; numbers arrive as strings. */
export const pagingQuery = z.object({
  page: z.coerce.number({ error: '[页码]必须是数字' }).int().min(1, '[页码]不能小于1').default(1),
  pageSize: z.coerce
    .number({ error: '[每页条数]必须是数字' })
    .int()
    .min(1, '[每页条数]不能小于1')
    .max(50, '[每页条数]不能大于50')
    .default(12),
});
export type PagingQuery = z.infer<typeof pagingQuery>;

export const page = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
export type Page<T> = { list: T[]; total: number; page: number; pageSize: number };
