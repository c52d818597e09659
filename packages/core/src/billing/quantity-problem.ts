import { ErrorCode } from '../errors/error-codes.ts';
import { billingRuleMessages } from '../errors/billing-messages.ts';
import type { QuantityBounds } from './quantity.ts';

// Apart from quantity.ts so the widget's quantity inputs (which only clamp) do not pull the
// message catalogue into the first screen.
/**
 * The one quantity check of a request (server) against bounds the widget's
 * inputs clamp to: not a whole number or negative, below the minimum, above the maximum.
 */
export function quantityProblem(q: number, bounds: QuantityBounds): { code: ErrorCode; message: string } | null {
  if (!Number.isInteger(q) || q < 0) return { code: ErrorCode.QuantityInvalid, message: billingRuleMessages[ErrorCode.QuantityInvalid] };
  if (q < bounds.min) return { code: ErrorCode.QuantityBelowMinimum, message: `Quantity must be at least ${bounds.min}.` };
  if (q > bounds.max) return { code: ErrorCode.QuantityAboveMaximum, message: bounds.maxMessage };
  return null;
}
