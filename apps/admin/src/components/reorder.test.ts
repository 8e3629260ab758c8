import { describe, expect, it } from 'vitest';
import { moved, nextSort } from './reorder.tsx';

describe('moved', () => {
  it('swaps the row with its neighbour above or below', () => {
    expect(moved([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
  });

  it('keeps the order when the row is already at that end, and never changes the input', () => {
    const ids = [1, 2, 3];
    expect(moved(ids, 0, -1)).toEqual([1, 2, 3]);
    expect(moved(ids, 2, 1)).toEqual([1, 2, 3]);
    expect(ids).toEqual([1, 2, 3]);
  });
});

describe('nextSort', () => {
  it('is one past the largest sort, 0 for an empty list, and never past 99 999', () => {
    expect(nextSort([{ sort: 3 }, { sort: 10 }, { sort: 4 }])).toBe(11);
    expect(nextSort([])).toBe(0);
    expect(nextSort([{ sort: 99_999 }])).toBe(99_999);
  });
});
