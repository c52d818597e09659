/**
 * Integer money arithmetic. Amounts are integer minor units; a product
 * a * b / c is rounded half away from zero ("half-up" on the magnitude, so a
 * credit line is the exact mirror of the matching charge line).
 * Exact while |a * b| < 2^53 (about 9e15), far beyond any invoice.
 */
export function mulDivRound(a: number, b: number, c: number): number {
  if (c <= 0) throw new RangeError('divisor must be positive');
  const n = a * b;
  const abs = n < 0 ? -n : n;
  let q = Math.floor(abs / c);
  const r = abs - q * c;
  if (r * 2 >= c) q += 1;
  return n < 0 ? -q : q;
}
