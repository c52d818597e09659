import { useEffect, useState } from 'react';
import { dueLabel, needsRenewalSummary, summaryFromWire } from '@portico/core/billing/index';
import type { ChargeSummary, DueLabel } from '@portico/core/billing/index';
import { useWidget } from '../../app/context.ts';
import { useApiQuery } from '../../api/use-api-query.ts';
import type { ApiProblem } from '../../api/api-problem.ts';
import { catalogFromSettings, findPlan } from './catalog.ts';
import { chargeInput, chargeRequestBody, recomputeKey } from './subscription-draft.ts';
import type { ChargeAccount, SubscriptionDraft } from './subscription-draft.ts';
import { chargeSummaryErrors } from './charge-summary-errors.ts';
import type { DisplayError } from '../error-list-logic.ts';

/** Spec 9: charge summary debounce. */
export const CHARGE_SUMMARY_DEBOUNCE_MS = 500;

export interface ChargeSummaryState {
  now: ChargeSummary | null;
  renewal: ChargeSummary | null;
  due: DueLabel | null;
  /** A (debounced) recompute is pending or in flight. */
  busy: boolean;
  errors: DisplayError[];
  problem: ApiProblem | null;
  /** Asks again (after a timeout or a lost connection). */
  retry(): void;
}

/** The value, changed only once it has stayed the same for `ms` (the first value at once). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

interface Summaries {
  now: ChargeSummary;
  renewal: ChargeSummary | null;
  clock: Date;
}

/**
 * The invoice preview of a draft (spec 4 "Charge summary"): POST
 * compute-charge-summary?asOf=now, plus asOf=renewal when core's
 * needsRenewalSummary says so; computed at once, then 500 ms after the last
 * change of what it depends on (recomputeKey). Answers are cached per key for
 * the widget root, so going back to a screen shows its invoice at once.
 */
export function useChargeSummary(draft: SubscriptionDraft, account?: ChargeAccount | null): ChargeSummaryState {
  const { settings } = useWidget();
  const catalog = catalogFromSettings(settings);
  const plan = findPlan(catalog, draft.planUid);
  const key = plan ? `charge-summary:${recomputeKey(draft, account)}` : null;
  const settledKey = useDebounced(key, CHARGE_SUMMARY_DEBOUNCE_MS);
  // The first key (and a cleared plan) apply at once; later changes wait for the debounce.
  const [shownKey, setShownKey] = useState(key);
  if (settledKey !== shownKey && settledKey === key) setShownKey(settledKey);
  if (key === null && shownKey !== null) setShownKey(null);

  const query = useApiQuery<Summaries>(shownKey, async (api) => {
    const clock = new Date();
    if (!plan) throw new Error('no plan');
    const body = chargeRequestBody({ ...draft, planUid: plan.Uid }, account);
    const path = '/api/v1/billing/subscriptions/compute-charge-summary';
    const [now, renewal] = await Promise.all([
      api.request('post', path, { query: { asOf: 'now' }, body }),
      needsRenewalSummary(chargeInput(draft, plan, catalog.currency, clock)) ? api.request('post', path, { query: { asOf: 'renewal' }, body }) : null,
    ]);
    return { now: summaryFromWire(now, catalog.currency), renewal: renewal ? summaryFromWire(renewal, catalog.currency) : null, clock };
  }, { keepPrevious: true });

  const data = key === null || query.problem ? null : query.data;
  return {
    now: data?.now ?? null,
    renewal: data?.renewal ?? null,
    due: data ? dueLabel(data.now, data.renewal, data.clock) : null,
    busy: key !== null && (key !== shownKey || query.loading),
    errors: key !== null && query.problem ? chargeSummaryErrors(query.problem) : [],
    problem: key !== null ? query.problem : null,
    retry: query.refetch,
  };
}
