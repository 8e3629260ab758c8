/** Fen (what the contracts carry) → yuan (what an operator types), exactly: 1234 → 12.34. */
export const fenToYuan = (fen: number) => fen / 100;

/**
 * Yuan as typed (at most two decimals) → integer fen. Rounded, since 12.34 * 100
 * is 1233.9999… in floating point; anything not a finite number is left for
 * the contract to refuse with its own message.
 */
export function yuanToFen(yuan: unknown): unknown {
  if (yuan === null || yuan === undefined || yuan === '') return '';
  const n = typeof yuan === 'number' ? yuan : Number(yuan);
  return Number.isFinite(n) ? Math.round(n * 100) : yuan;
}
