import type { Plan } from '../entities/catalog.ts';

/**
 * The largest quantity of a plan or an add-on, checked by the server and
 * enforced by the widget's quantity inputs through the functions below.
 * 100,000: far above any seat count or unit bundle sold through a
 * self-service widget, and small enough that integer minor-unit math stays
 * exact for any real price (reasoning in docs/billing.md, "Quantity bound").
 */
export const MAX_QUANTITY = 100_000;

export interface QuantityBounds {
  min: number;
  max: number;
  /** Spec style: 'You can have a maximum of N people on your plan.' (or N units). */
  maxMessage: string;
  /** 'people' when max is a per-user plan's MaximumPeople (the widget shows it as help); else MAX_QUANTITY. */
  limit: 'people' | 'quantity';
}

export function maximumPeopleMessage(max: number): string {
  return `You can have a maximum of ${max} people on your plan.`;
}

export function maximumQuantityMessage(max: number): string {
  return `You can have a maximum of ${max} units on your plan.`;
}

const quantityCap = (min: number): QuantityBounds =>
  ({ min, max: MAX_QUANTITY, maxMessage: maximumQuantityMessage(MAX_QUANTITY), limit: 'quantity' });

/**
 * Spec 5 Quantity: "The minimum is the plan's MinimumQuantity. The maximum is
 * MaximumPeople for per-user plans." and "The quantity must be at least
 * NewRequiredQuantity when one is demanded." Every other plan stops at MAX_QUANTITY.
 */
export function quantityBounds(plan: Plan, newRequiredQuantity?: number | null): QuantityBounds {
  const min = Math.max(0, plan.MinimumQuantity, newRequiredQuantity ?? 0);
  if (!plan.IsPerUser || plan.MaximumPeople === null) return quantityCap(min);
  const max = Math.min(plan.MaximumPeople, MAX_QUANTITY);
  return { min, max, maxMessage: maximumPeopleMessage(max), limit: 'people' };
}

/** Add-on quantity (spec 4): at least its minimum, and at least 1 while selected; at most MAX_QUANTITY. */
export function addOnQuantityBounds(addOn: { MinimumQuantity: number }): QuantityBounds {
  return quantityCap(Math.max(1, addOn.MinimumQuantity));
}

/** Any quantity a request may carry before the item's own minimum is known: a whole number 0..MAX_QUANTITY. */
export const ANY_QUANTITY: QuantityBounds = quantityCap(0);

/**
 * Spec 5: "Integer input: a non-numeric value or one below the minimum becomes
 * the minimum." Values above the maximum are clamped to it; fractions are truncated.
 */
export function normalizeQuantityInput(input: string | number | null | undefined, bounds: QuantityBounds): number {
  const n = typeof input === 'number' ? input : input === null || input === undefined || input.trim() === '' ? NaN : Number(input);
  if (!Number.isFinite(n)) return bounds.min;
  const whole = Math.trunc(n);
  if (whole < bounds.min) return bounds.min;
  if (whole > bounds.max) return bounds.max;
  return whole;
}

/** Spec 5: "The plus and minus buttons respect min and max." */
export function stepQuantity(quantity: number, delta: 1 | -1, bounds: QuantityBounds): number {
  return normalizeQuantityInput(quantity + delta, bounds);
}
