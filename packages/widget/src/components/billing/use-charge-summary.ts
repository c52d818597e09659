import { useEffect, useRef, useState } from 'react';
import { ErrorCode } from '@portico/core';
import { chargeSummaries, dueLabel, needsRenewalSummary, summaryFromWire } from '@portico/core/billing/index';
import type { ChargeSummary, DueLabel } from '@portico/core/billing/index';
import { useWidget } from '../../app/context.ts';
import { ApiError, computeChargeSummary } from '../../api/billing-client.ts';
import type { DisplayError } from '../error-list-logic.ts';
import { catalogFromSettings, findPlan } from './catalog.ts';
import { chargeInput, chargeRequestBody, recomputeKey } from './subscription-draft.ts';
import type { ChargeAccount, SubscriptionDraft } from './subscription-draft.ts';

/** Spec 9: charge summary debounce. */
export const CHARGE_SUMMARY_DEBOUNCE_MS = 500;

export interface ChargeSummaryState {
  now: ChargeSummary | null;
  renewal: ChargeSummary | null;
  due: DueLabel | null;
  /** A (debounced) recompute is pending or in flight. */
  busy: boolean;
  errors: DisplayError[];
}

const EMPTY: ChargeSummaryState = { now: null, renewal: null, due: null, busy: false, errors: [] };

/**
 * The invoice preview of a draft: computed at once, then again 500 ms after
 * the last change of what it depends on (recomputeKey). Demo mode computes
 * locally with core's chargeSummaries and makes no call at all; otherwise
 * POST compute-charge-summary?asOf=now, plus asOf=renewal when core's
 * needsRenewalSummary says so. Failures come back as errors (spec 8).
 */
export function useChargeSummary(draft: SubscriptionDraft, account?: ChargeAccount | null): ChargeSummaryState {
  const { settings, demo, runtime } = useWidget();
  const [state, setState] = useState<ChargeSummaryState>(EMPTY);
  const key = recomputeKey(draft, account);
  const latest = useRef({ draft, account });
  latest.current = { draft, account };
  const first = useRef(true);

  useEffect(() => {
    const catalog = catalogFromSettings(settings);
    const plan = findPlan(catalog, latest.current.draft.planUid);
    if (!plan) {
      setState(EMPTY);
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, busy: true }));
    const run = async () => {
      const { draft: d, account: a } = latest.current;
      const clock = new Date();
      const input = chargeInput(d, plan, catalog.currency, clock);
      try {
        let now: ChargeSummary;
        let renewal: ChargeSummary | null;
        if (demo) {
          ({ now, renewal } = chargeSummaries(input));
        } else {
          const opts = { server: runtime.config.server, token: runtime.token.get(), signal: controller.signal };
          const body = chargeRequestBody({ ...d, planUid: plan.Uid }, a);
          const [wireNow, wireRenewal] = await Promise.all([
            computeChargeSummary(opts, body, 'now'),
            needsRenewalSummary(input) ? computeChargeSummary(opts, body, 'renewal') : Promise.resolve(null),
          ]);
          now = summaryFromWire(wireNow, catalog.currency);
          renewal = wireRenewal ? summaryFromWire(wireRenewal, catalog.currency) : null;
        }
        if (!controller.signal.aborted) setState({ now, renewal, due: dueLabel(now, renewal, clock), busy: false, errors: [] });
      } catch (err) {
        if (controller.signal.aborted) return;
        const body = err instanceof ApiError ? err.body : null;
        const code = body?.ErrorCode && err instanceof ApiError && err.status !== 404 && err.status < 500 ? body.ErrorCode : ErrorCode.SystemError;
        setState({ ...EMPTY, errors: [{ code, ...(body?.Message && code !== ErrorCode.SystemError ? { message: body.Message } : {}) }] });
      }
    };
    const delay = first.current ? 0 : CHARGE_SUMMARY_DEBOUNCE_MS;
    first.current = false;
    const timer = setTimeout(() => void run(), delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, settings, demo, runtime]);

  return state;
}
