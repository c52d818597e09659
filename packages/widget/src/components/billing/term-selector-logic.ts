import type { BillingRenewalTerm, Plan } from '@portico/core';
import { DEFAULT_TERM_PREFERENCE, hasRate } from '@portico/core/billing/index';

/**
 * The renewal terms a plan offers: OneTime alone when it has a one-time rate
 * (core's choosePlan forces OneTime then); else each recurring term it has a
 * rate for, in core's preference order; else Monthly.
 */
export function planTerms(plan: Plan): BillingRenewalTerm[] {
  if (plan.OneTimeRate !== null) return ['OneTime'];
  const terms = DEFAULT_TERM_PREFERENCE.filter((t) => hasRate(plan, t));
  return terms.length > 0 ? [...terms] : ['Monthly'];
}

/**
 * Spec 2: the selector is hidden when only one term is available, and laid
 * out vertically when there are more than 2 terms and the language is not English.
 */
export function termSelectorLayout(count: number, language: string): 'hidden' | 'horizontal' | 'vertical' {
  if (count <= 1) return 'hidden';
  const english = language.toLowerCase() === 'en' || language.toLowerCase().startsWith('en-');
  return count > 2 && !english ? 'vertical' : 'horizontal';
}
