/**
 * Integer input rules (spec 1 section 5, spec 2 section 5): a non-numeric
 * value or one below the minimum becomes the minimum; plus and minus respect
 * min and max; the change is reported after 500 ms.
 */
export const INTEGER_CHANGE_DEBOUNCE_MS = 500;

export function normalizeInteger(raw: string | number, min: number, max?: number | null): number {
  const text = String(raw).trim();
  const value = /^[-+]?\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(value) || value < min) return min;
  if (max !== undefined && max !== null && value > max) return max;
  return value;
}

export function stepInteger(value: number, delta: 1 | -1, min: number, max?: number | null): number {
  return normalizeInteger(String(value + delta), min, max) === value + delta ? value + delta : value;
}

export function canStep(value: number, delta: 1 | -1, min: number, max?: number | null): boolean {
  if (delta < 0) return value > min;
  return max === undefined || max === null || value < max;
}
