import { z } from 'zod';
import { count, pageNumber } from './numbers.ts';

/** Most rows one page of a list may ask for. */
export const PAGE_SIZE_MAX = 50;

/** Query-string paging shared by every list call; numbers arrive as strings. */
export const pagingQuery = z.object({
  page: pageNumber().default(1),
  pageSize: count('每页条数', 1, PAGE_SIZE_MAX).default(12),
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
