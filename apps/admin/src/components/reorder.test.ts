import { describe, expect, it } from 'vitest';
import { moved } from './reorder.tsx';

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
