import { useMemo, useSyncExternalStore } from 'react';
import type { BillingRenewalTerm, Plan, StateName } from '@portico/core';
import { changeDraftPlan } from '@portico/core/billing/draft-plan-change';
import type { DraftPlanChange, Rated, SubscriptionDraft } from '@portico/core/billing/index';
import { useWidget } from '../app/context.ts';
import type { Runtime } from '../shared/runtime-types.ts';
import { createFlowDraftStore, flowDraftKey } from './flow-draft.ts';
import type { FlowDraft, FlowDraftStore } from './flow-draft.ts';

const stores = new WeakMap<Runtime, FlowDraftStore>();

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The page's flow draft (shared by its widgets: a plan picked in an embed carries into a popup). Demo mode never touches storage. */
export function flowDraftStoreFor(runtime: Runtime): FlowDraftStore {
  let store = stores.get(runtime);
  if (!store) {
    store = createFlowDraftStore(runtime.config.demo ? null : safeSessionStorage(), flowDraftKey(runtime.config.server));
    stores.set(runtime, store);
  }
  return store;
}

export interface FlowDraftApi {
  /** null until a flow starts. */
  draft: FlowDraft | null;
  /**
   * Edits the subscription part. `shown` maps the stored draft to what the screen
   * shows (e.g. checkout's plan from its params) so the edit starts from that.
   */
  editSubscription(edit: (s: SubscriptionDraft) => SubscriptionDraft, shown?: (d: FlowDraft) => SubscriptionDraft): void;
  /** Core's changeDraftPlan on the draft (keeps the code and the add-ons the plan offers); reports what was dropped. */
  changePlan(plan: Plan, options?: { term?: BillingRenewalTerm; source?: StateName; upgradeFrom?: Rated | null }): DraftPlanChange;
  /** Merges form values typed so far (secret ones are never written to storage). */
  setFields(patch: Record<string, unknown>): void;
  /** Ends the flow: after success, or to start over. */
  clear(): void;
}

/** The one way screens read and write the flow draft. Any write starts the flow and marks the widget used. */
export function useFlowDraft(): FlowDraftApi {
  const { runtime } = useWidget();
  const store = flowDraftStoreFor(runtime);
  const draft = useSyncExternalStore(store.subscribe, store.get, store.get);
  return useMemo<FlowDraftApi>(() => {
    const update = (fn: (d: FlowDraft) => FlowDraft) => {
      runtime.markUsed();
      return store.update(fn);
    };
    return {
      draft,
      editSubscription(edit, shown) {
        update((d) => ({ ...d, ...edit(shown ? shown(d) : d) }));
      },
      changePlan(plan, options = {}) {
        let change!: DraftPlanChange;
        update((d) => {
          change = changeDraftPlan(options.term ? { ...d, term: options.term } : d, plan, options.upgradeFrom);
          return { ...d, ...change.draft, source: d.source ?? options.source ?? null };
        });
        return change;
      },
      setFields(patch) {
        update((d) => ({ ...d, fields: { ...d.fields, ...patch } }));
      },
      clear: () => store.clear(),
    };
  }, [draft, store, runtime]);
}
