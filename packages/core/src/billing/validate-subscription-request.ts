import type { BillingRenewalTerm } from '../entities/billing-terms.ts';
import type { Plan } from '../entities/catalog.ts';
import { isWithinDateBounds } from '../dates/date-bounds.ts';
import { ErrorCode, type FieldError } from '../errors/error-codes.ts';
import { billingRuleMessages, type BillingRuleCode } from '../errors/billing-messages.ts';
import { ANY_QUANTITY, quantityBounds, type QuantityBounds } from './quantity.ts';
import { quantityProblem } from './quantity-problem.ts';
import { rawRate } from './terms.ts';

export interface SubscriptionRequestToValidate {
  plan: Plan;
  term: BillingRenewalTerm;
  quantity: number;
  addOns: readonly { addOnUid: string; quantity: number }[];
  /** Spec 5: "The quantity must be at least NewRequiredQuantity when one is demanded." */
  newRequiredQuantity?: number | null;
  /** Named ISO dates to range-check (e.g. { StartDate: '2024-01-01' }); the key is the error Field. */
  dates?: Readonly<Record<string, string | null | undefined>>;
  /** The current term of an existing subscription being changed. */
  existingTerm?: BillingRenewalTerm | null;
  existingPlanUid?: string | null;
}

function err(field: string, code: BillingRuleCode): FieldError;
function err(field: string, code: ErrorCode, message: string): FieldError;
function err(field: string, code: ErrorCode, message?: string): FieldError {
  return { Field: field, ErrorCode: code, Message: message ?? billingRuleMessages[code as BillingRuleCode] };
}

function quantityError(field: string, q: number, bounds: QuantityBounds = ANY_QUANTITY): FieldError | null {
  const problem = quantityProblem(q, bounds);
  return problem && err(field, problem.code, problem.message);
}

/**
 * Field errors for a subscription request: quantity non-integer/negative,
 * below the minimum (MinimumQuantity or NewRequiredQuantity), above the
 * per-user maximum or MAX_QUANTITY (add-on quantities too); add-ons the plan does not offer; a term the plan has no
 * rate for; dates outside 1990-01-01..2099-12-31; a one-time plan being switched.
 */
export function validateSubscriptionRequest(req: SubscriptionRequestToValidate): FieldError[] {
  const errors: FieldError[] = [];
  const q = quantityError('Quantity', req.quantity, quantityBounds(req.plan, req.newRequiredQuantity));
  if (q) errors.push(q);
  if (rawRate(req.plan, req.term) === null) errors.push(err('BillingRenewalTerm', ErrorCode.TermNotOffered));
  const offered = new Set(req.plan.PlanAddOns.map((pa) => pa.AddOn.Uid));
  req.addOns.forEach((a, i) => {
    if (!offered.has(a.addOnUid)) errors.push(err(`SubscriptionAddOns.${i}.AddOn`, ErrorCode.AddOnNotOffered));
    const aq = quantityError(`SubscriptionAddOns.${i}.Quantity`, a.quantity);
    if (aq) errors.push(aq);
  });
  for (const [field, value] of Object.entries(req.dates ?? {})) {
    if (!value) continue;
    const ms = Date.parse(value);
    if (Number.isNaN(ms) || !isWithinDateBounds(new Date(ms))) errors.push(err(field, ErrorCode.DateOutOfRange));
  }
  if (req.existingTerm === 'OneTime' && (req.term !== 'OneTime' || (req.existingPlanUid && req.existingPlanUid !== req.plan.Uid))) {
    errors.push(err('Plan', ErrorCode.OneTimePlanCannotChange));
  }
  return errors;
}
