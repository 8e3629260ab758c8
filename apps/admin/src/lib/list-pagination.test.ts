import { describe, expect, it } from 'vitest';
import { listPagination } from './list-pagination.ts';

describe('listPagination', () => {
  it('counts in the unit, with no size changer, the page and size given', () => {
    const p = listPagination({ page: 3, pageSize: 20, total: 45, unit: '笔' });
    expect(p).toMatchObject({ current: 3, pageSize: 20, total: 45, showSizeChanger: false });
    expect(p.showTotal?.(45, [41, 45])).toBe('共 45 笔');
    expect('onChange' in p).toBe(false);
  });

  it('takes a whole text for capped counts, no total yet as 0, and the page callback', () => {
    const pages: number[] = [];
    const p = listPagination({ page: 1, pageSize: 10, total: undefined, unit: (n) => `超过 ${n} 个`, onPage: (n) => pages.push(n) });
    expect(p.total).toBe(0);
    expect(p.showTotal?.(500, [1, 10])).toBe('超过 500 个');
    p.onChange?.(2, 10);
    expect(pages).toEqual([2]);
  });
});
