import { useEffect, useState } from 'react';
import { summaryFromWire, type ChargeSummary } from '@portico/core/billing/index';
import { useApiQuery } from '../../api/use-api-query.ts';
import type { ApiProblem } from '../../api/api-problem.ts';
import { useSession } from '../../session/use-session.ts';
import type { SubscriptionDraft } from '../../components/billing/subscription-draft.ts';
import { changeBody } from './complete-change.ts';
import { currentSubscriptionKey, fetchCurrentSubscription, PLAN_QUERY_PREFIX, previewChange, type Subscription } from './plan-change-calls.ts';

/** Spec 9: the preview is asked 500 ms after the last edit. */
export const PREVIEW_DEBOUNCE_MS = 500;

/** The signed-in account's current subscription (null: none, the plan screen says it expired). */
export function useCurrentSubscription() {
  const accountUid = useSession().claims?.accountUid ?? null;
  return useApiQuery(accountUid ? currentSubscriptionKey(accountUid) : null, (api) => fetchCurrentSubscription(api, accountUid!));
}

export interface ChangePreview {
  now: ChargeSummary | null;
  renewal: ChargeSummary | null;
  clock: Date;
  busy: boolean;
  problem: ApiProblem | null;
}

/** The change's due-now and renewal invoices from changesubscriptionpreview (the server prices it; the widget only shows it). */
export function useChangePreview(sub: Subscription | null, draft: SubscriptionDraft | null, currency: string, skip: boolean): ChangePreview {
  const body = draft ? changeBody(draft) : null;
  const key = sub && body && !skip ? `${PLAN_QUERY_PREFIX}preview:${sub.Uid}:${JSON.stringify(body)}` : null;
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    if (key === settled) return undefined;
    const timer = setTimeout(() => setSettled(key), settled === null ? 0 : PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key, settled]);
  const query = useApiQuery(settled, async (api) => {
    const [now, renewal] = await Promise.all([previewChange(api, sub!.Uid, body!, 'now'), previewChange(api, sub!.Uid, body!, 'renewal')]);
    return { now: summaryFromWire(now, currency), renewal: summaryFromWire(renewal, currency), clock: new Date() };
  }, { keepPrevious: true });
  const data = key === null || query.problem ? null : query.data;
  return { now: data?.now ?? null, renewal: data?.renewal ?? null, clock: data?.clock ?? new Date(), busy: key !== null && (key !== settled || query.loading), problem: key ? query.problem : null };
}
