/** The ids in their new order after moving the one at index by delta (−1 up, +1 down). */
export function moved(ids: number[], index: number, delta: -1 | 1): number[] {
  const next = [...ids];
  const to = index + delta;
  if (to < 0 || to >= next.length) return next;
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}
