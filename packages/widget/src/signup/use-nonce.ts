import { useCallback, useMemo, useRef } from 'react';
import { useApi } from '../api/use-api-query.ts';
import { fetchNonce } from './registration-calls.ts';

export interface NonceSource {
  /** The nonce for the next registration (asked for on first use). */
  take(): Promise<string>;
  /** Spec 1 section 4: "On a failed register a new nonce is fetched." */
  renew(): void;
}

/** One nonce per registration attempt: asked for when the first submit needs it, renewed after a failure. */
export function useNonce(): NonceSource {
  const api = useApi();
  const pending = useRef<Promise<string> | null>(null);
  const take = useCallback(() => {
    const p = pending.current ?? fetchNonce(api);
    pending.current = p;
    // A failed request is not kept: the next take asks again.
    p.catch(() => { if (pending.current === p) pending.current = null; });
    return p;
  }, [api]);
  const renew = useCallback(() => {
    pending.current = null;
    void take().catch(() => undefined);
  }, [take]);
  return useMemo(() => ({ take, renew }), [take, renew]);
}
