import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { ApiProblem } from './api-problem.ts';
import type { ApiClient } from './http.ts';
import type { QueryCache } from './query-cache.ts';

export interface ApiContextValue {
  api: ApiClient;
  /** One per widget root. */
  cache: QueryCache;
}

export const ApiContext = createContext<ApiContextValue | null>(null);

function useApiContext(): ApiContextValue {
  const value = useContext(ApiContext);
  if (!value) throw new Error('Portico API hooks need the widget root');
  return value;
}

/** The widget root's read cache, for an action whose answer is also a read (a looked-up code). */
export function useQueryCache(): QueryCache {
  return useApiContext().cache;
}

/** The API client, for calls that are actions (apply a code, submit) rather than reads. */
export function useApi(): ApiClient {
  return useApiContext().api;
}

export interface ApiQuery<T> {
  data: T | undefined;
  problem: ApiProblem | null;
  /** A read for the current key is under way. */
  loading: boolean;
  /** `data` belongs to an earlier key (keepPrevious) while the current one loads. */
  stale: boolean;
  refetch(): void;
}

export interface ApiQueryOptions {
  /** Show the last answer while a new key loads, instead of nothing. */
  keepPrevious?: boolean;
  maxAgeMs?: number;
}

const noSubscription = () => () => undefined as void;

/**
 * A cached read shared by the screens of one widget root. `key` names the read
 * (null = nothing to read yet); the fetcher runs when no answer for the key is
 * cached (or it is older than maxAgeMs, or failed last time).
 */
export function useApiQuery<T>(key: string | null, fetcher: (api: ApiClient) => Promise<T>, options: ApiQueryOptions = {}): ApiQuery<T> {
  const { api, cache } = useApiContext();
  const fetcherRef = useRef(fetcher);
  useEffect(() => {
    fetcherRef.current = fetcher;
  });
  const { maxAgeMs, keepPrevious = false } = options;

  const subscribe = useCallback((fn: () => void) => (key === null ? noSubscription() : cache.subscribe(key, fn)), [key, cache]);
  const entry = useSyncExternalStore(subscribe, () => (key === null ? undefined : cache.peek<T>(key)));

  useEffect(() => {
    if (key !== null) void cache.load(key, () => fetcherRef.current(api), maxAgeMs !== undefined ? { maxAgeMs } : {});
  }, [key, cache, api, maxAgeMs]);

  // The last answer shown, kept across key changes for keepPrevious (derived state, set during render).
  const [previous, setPrevious] = useState<T | undefined>(undefined);
  if (keepPrevious && entry?.data !== undefined && entry.data !== previous) setPrevious(entry.data);

  const refetch = useCallback(() => {
    if (key !== null) void cache.load(key, () => fetcherRef.current(api), { force: true });
  }, [key, cache, api]);

  // A failed read carries its refetch: the error list's 'Try again' repeats it (issue 15).
  const failed = entry?.problem ?? null;
  const problem = useMemo(() => (failed ? failed.withRetry(refetch) : null), [failed, refetch]);

  const current = entry?.data;
  const loading = key !== null && (!entry || entry.status === 'loading');
  const useOld = keepPrevious && current === undefined && entry?.status !== 'error';
  return {
    data: useOld ? previous : current,
    problem,
    loading,
    stale: useOld && previous !== undefined,
    refetch,
  };
}
