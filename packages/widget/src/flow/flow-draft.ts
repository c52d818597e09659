import { BILLING_RENEWAL_TERMS, isStateName } from '@portico/core';
import type { StateName } from '@portico/core';
import { emptySubscriptionDraft } from '@portico/core/billing/draft-plan-change';
import type { DraftAddOn, SubscriptionDraft } from '@portico/core/billing/index';

/**
 * What a sign-up has gathered so far: the subscription (plan, term, quantity,
 * add-ons, discount code), the form fields typed so far, and the state the
 * flow started from (where a failed payment returns to). It outlives a screen,
 * and the page reload a payment redirect causes.
 */
export interface FlowDraft extends SubscriptionDraft {
  fields: Record<string, unknown>;
  source: StateName | null;
  /** When it was last written (ms); an old draft is not restored. */
  savedAt: number;
}

/** sessionStorage key prefix; the key ends with the server origin, so two Portico servers on one page never mix. */
export const FLOW_DRAFT_KEY_PREFIX = 'portico.flowDraft:';
/** A draft older than this is dropped on restore (the tab was left with a sign-up half done). */
export const FLOW_DRAFT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Field names never written to storage: they stay in memory for this page only. */
const SECRET_FIELD = /password|card|cvv|cvc|securitycode|expir/i;

export const emptyFlowDraft = (): FlowDraft => ({ ...emptySubscriptionDraft(), fields: {}, source: null, savedAt: 0 });

export const flowDraftKey = (server: string): string => `${FLOW_DRAFT_KEY_PREFIX}${server}`;

/** The JSON written to storage: the draft without secret fields. */
export function serializeFlowDraft(draft: FlowDraft): string {
  const fields = Object.fromEntries(Object.entries(draft.fields).filter(([name]) => !SECRET_FIELD.test(name.split('.').pop() ?? name)));
  return JSON.stringify({ ...draft, fields });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const count = (v: unknown): number => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0);

/** A stored draft read back, or null when it is missing, unreadable, or too old. Every value is checked: storage is input. */
export function parseFlowDraft(text: string | null, now: number): FlowDraft | null {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(raw) || typeof raw.savedAt !== 'number' || now - raw.savedAt > FLOW_DRAFT_MAX_AGE_MS) return null;
  const addOns: DraftAddOn[] = Array.isArray(raw.addOns)
    ? raw.addOns.flatMap((a: unknown) => (isObject(a) && typeof a.uid === 'string' ? [{ uid: a.uid, quantity: count(a.quantity) }] : []))
    : [];
  const coupon = isObject(raw.coupon) && typeof raw.coupon.code === 'string'
    ? { code: raw.coupon.code, planUids: Array.isArray(raw.coupon.planUids) ? raw.coupon.planUids.filter((u: unknown): u is string => typeof u === 'string') : [] }
    : null;
  return {
    planUid: typeof raw.planUid === 'string' ? raw.planUid : null,
    term: (BILLING_RENEWAL_TERMS as readonly unknown[]).includes(raw.term) ? (raw.term as FlowDraft['term']) : 'Monthly',
    quantity: count(raw.quantity),
    addOns,
    coupon,
    fields: isObject(raw.fields) ? raw.fields : {},
    source: typeof raw.source === 'string' && isStateName(raw.source) ? raw.source : null,
    savedAt: raw.savedAt,
  };
}

export interface FlowDraftStore {
  /** null until a flow starts (or after clear). */
  get(): FlowDraft | null;
  /** Starts the flow when none runs (from an empty draft), and saves. */
  update(fn: (draft: FlowDraft) => FlowDraft): FlowDraft;
  /** Ends the flow (after success, or when the person starts over): forgets it everywhere. */
  clear(): void;
  subscribe(fn: () => void): () => void;
}

/**
 * The flow draft of one page. Storage (sessionStorage) is read at creation, to
 * restore a draft after a redirect, and written only once a flow has started:
 * nothing is stored before the widget is used. Without storage (demo mode, a
 * sandboxed frame) the draft lives in memory.
 */
export function createFlowDraftStore(storage: Storage | null, key: string, now: () => number = Date.now): FlowDraftStore {
  let draft: FlowDraft | null = null;
  try {
    draft = parseFlowDraft(storage?.getItem(key) ?? null, now());
  } catch {
    draft = null;
  }
  const subs = new Set<() => void>();
  const emit = () => [...subs].forEach((fn) => fn());
  const write = (fn: () => void) => {
    try {
      fn();
    } catch {
      // Storage full or blocked: the draft still lives in memory.
    }
  };
  return {
    get: () => draft,
    update(fn) {
      const next = { ...fn(draft ?? emptyFlowDraft()), savedAt: now() };
      draft = next;
      if (storage) write(() => storage.setItem(key, serializeFlowDraft(next)));
      emit();
      return next;
    },
    clear() {
      if (storage) write(() => storage.removeItem(key));
      if (draft === null) return;
      draft = null;
      emit();
    },
    subscribe(fn) {
      subs.add(fn);
      return () => subs.delete(fn);
    },
  };
}
