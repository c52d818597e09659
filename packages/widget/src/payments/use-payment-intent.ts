import { useCallback, useEffect, useRef, useState } from 'react';
import { ErrorCode } from '@portico/core';
import { ApiProblem } from '../api/api-problem.ts';
import { useApi } from '../api/use-api-query.ts';
import { cancelIntent, requestIntent } from './payment-api.ts';
import type { PaymentIntent, PaymentIntentRequest } from './payment-types.ts';

/** Spec 9: a change is acted on 500 ms after it settles (each intent is a call to the provider). */
export const INTENT_DEBOUNCE_MS = 500;

export interface PaymentIntentState {
  intent: PaymentIntent | null;
  loading: boolean;
  problem: ApiProblem | null;
  /** The intent call was rate limited (429): spec 1 section 8 hides the card form. */
  limited: boolean;
  retry(): void;
  /** The intent is in use (confirmed, or the browser is off to authenticate): it is no longer cancelled when the entry goes away. */
  handOver(): void;
  /** Cancels the intent now (not a setup intent); a new one is requested on the next change or retry. */
  cancel(): Promise<void>;
}

/**
 * The intent for what is due now (spec 1 section 4 "Payment intent"). Requested when the request
 * (the draft, the account, the type) or the amount changes, 500 ms after it settles; the intent
 * held so far is sent along, and the server keeps it when it still fits or cancels and replaces
 * it. An intent still held when the entry goes away (a closed checkout, an abort) is cancelled.
 */
export function usePaymentIntent(request: PaymentIntentRequest | null, amount: number | null): PaymentIntentState {
  const api = useApi();
  const key = request ? JSON.stringify([request, amount]) : null;
  const [settled, setSettled] = useState(key);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ intent: PaymentIntent | null; loading: boolean; problem: ApiProblem | null }>({ intent: null, loading: key !== null, problem: null });
  const held = useRef<{ intent: PaymentIntent; handedOver: boolean } | null>(null);
  const latest = useRef(request);
  latest.current = request;

  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), settled === null ? 0 : INTENT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key, settled]);

  useEffect(() => {
    const req = latest.current;
    if (settled === null || !req) return;
    const abort = new AbortController();
    setState((s) => ({ ...s, loading: true, problem: null }));
    requestIntent(api, req, held.current?.handedOver ? null : held.current?.intent.ClientSecret ?? null, abort.signal).then(
      (intent) => {
        held.current = { intent, handedOver: false };
        setState({ intent, loading: false, problem: null });
      },
      (err: unknown) => {
        if (abort.signal.aborted) return;
        const problem = err instanceof ApiProblem ? err : new ApiProblem({ kind: 'server', status: 0, code: ErrorCode.SystemError });
        setState({ intent: null, loading: false, problem });
      },
    );
    return () => abort.abort();
  }, [api, settled, attempt]);

  useEffect(() => () => {
    const h = held.current;
    if (h && !h.handedOver && !h.intent.IsSetupIntent) void cancelIntent(api, h.intent.ClientSecret).catch(() => undefined);
  }, [api]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const handOver = useCallback(() => {
    if (held.current) held.current.handedOver = true;
  }, []);
  const cancel = useCallback(async () => {
    const h = held.current;
    if (!h || h.intent.IsSetupIntent) return;
    held.current = null;
    setState({ intent: null, loading: false, problem: null });
    await cancelIntent(api, h.intent.ClientSecret).catch(() => undefined);
    setAttempt((n) => n + 1);
  }, [api]);

  const limited = state.problem?.kind === 'rate-limited';
  return { ...state, loading: key !== null && (state.loading || key !== settled), limited, retry, handOver, cancel };
}
