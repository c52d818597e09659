import { asProblem } from './api-problem.ts';
import type { ApiProblem } from './api-problem.ts';

/** One cached read: what screens see through useApiQuery. */
export interface QueryEntry<T = unknown> {
  status: 'loading' | 'success' | 'error';
  data: T | undefined;
  problem: ApiProblem | null;
  /** When the last answer (or failure) arrived, ms since epoch; 0 while the first load runs. */
  settledAt: number;
}

export interface LoadOptions {
  /** Refetch even when a fresh answer is cached. */
  force?: boolean;
  /** An answer older than this is fetched again when a screen asks for it (default: kept). */
  maxAgeMs?: number;
}

/** Entries beyond this many are dropped, oldest first, unless a screen is showing them. */
export const QUERY_CACHE_LIMIT = 50;

/**
 * A keyed cache of reads, one per widget root: screens asking for the same key
 * share one request and one answer (a checkout left for selectPlan and reopened
 * shows its invoice at once). Failures are kept only until someone asks again.
 */
export function createQueryCache(now: () => number = Date.now) {
  const entries = new Map<string, QueryEntry>();
  const inFlight = new Map<string, Promise<void>>();
  const subs = new Map<string, Set<() => void>>();

  const notify = (key: string) => subs.get(key)?.forEach((fn) => fn());
  const set = (key: string, entry: QueryEntry) => {
    entries.delete(key); // re-insert: Map order is the eviction order
    entries.set(key, entry);
    for (const old of entries.keys()) {
      if (entries.size <= QUERY_CACHE_LIMIT) break;
      if (!subs.get(old)?.size) entries.delete(old);
    }
    notify(key);
  };

  function needsLoad(key: string, opts: LoadOptions): boolean {
    if (inFlight.has(key)) return false;
    const entry = entries.get(key);
    if (!entry || opts.force || entry.status === 'error') return true;
    return opts.maxAgeMs !== undefined && now() - entry.settledAt > opts.maxAgeMs;
  }

  return {
    peek<T>(key: string): QueryEntry<T> | undefined {
      return entries.get(key) as QueryEntry<T> | undefined;
    },

    /** Starts the read unless a fresh answer is cached or the same read is under way. */
    load<T>(key: string, fetcher: () => Promise<T>, opts: LoadOptions = {}): Promise<void> {
      if (!needsLoad(key, opts)) return inFlight.get(key) ?? Promise.resolve();
      const previous = entries.get(key);
      set(key, { status: 'loading', data: previous?.data, problem: null, settledAt: previous?.settledAt ?? 0 });
      const run = fetcher().then(
        (data) => set(key, { status: 'success', data, problem: null, settledAt: now() }),
        (err: unknown) => set(key, { status: 'error', data: undefined, problem: asProblem(err), settledAt: now() }),
      ).finally(() => inFlight.delete(key));
      inFlight.set(key, run);
      return run;
    },

    subscribe(key: string, fn: () => void): () => void {
      let set = subs.get(key);
      if (!set) subs.set(key, (set = new Set()));
      set.add(fn);
      return () => set.delete(fn);
    },

    /** Drops cached answers whose key starts with the prefix (after a write that changes them). */
    invalidate(prefix = ''): void {
      for (const key of [...entries.keys()]) {
        if (key.startsWith(prefix) && !inFlight.has(key)) {
          entries.delete(key);
          notify(key);
        }
      }
    },
  };
}

export type QueryCache = ReturnType<typeof createQueryCache>;
