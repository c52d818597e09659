import type { Plan } from '../entities/catalog.ts';

export interface QuantityBounds {
  min: number;
  /** null = no maximum. */
  max: number | null;
  /** 'You can have a maximum of N people on your plan.' when max is set. */
  maxMessage: string | null;
}

export function maximumPeopleMessage(max: number): string {
  return `You can have a maximum of ${max} people on your plan.`;
}

/**
 * Spec 5 Quantity: "The minimum is the plan's MinimumQuantity. The maximum is
 * MaximumPeople for per-user plans." and "The quantity must be at least
 * NewRequiredQuantity when one is demanded."
 */
export function quantityBounds(plan: Plan, newRequiredQuantity?: number | null): QuantityBounds {
  const min = Math.max(0, plan.MinimumQuantity, newRequiredQuantity ?? 0);
  const max = plan.IsPerUser && plan.MaximumPeople !== null ? plan.MaximumPeople : null;
  return { min, max, maxMessage: max === null ? null : maximumPeopleMessage(max) };
}

/**
 * Spec 5: "Integer input: a non-numeric value or one below the minimum becomes
 * the minimum." Values above the maximum are clamped to it; fractions are truncated.
 */
export function normalizeQuantityInput(input: string | number | null | undefined, bounds: QuantityBounds): number {
  const n = typeof input === 'number' ? input : input === null || input === undefined || input.trim() === '' ? NaN : Number(input);
  if (!Number.isFinite(n)) return bounds.min;
  const whole = Math.trunc(n);
  if (whole < bounds.min) return bounds.min;
  if (bounds.max !== null && whole > bounds.max) return bounds.max;
  return whole;
}

/** Spec 5: "The plus and minus buttons respect min and max." */
export function stepQuantity(quantity: number, delta: 1 | -1, bounds: QuantityBounds): number {
  return normalizeQuantityInput(quantity + delta, bounds);
}
