import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@portico/core';
import { ApiProblem } from './api-problem.ts';
import { QUERY_CACHE_LIMIT, createQueryCache } from './query-cache.ts';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('the query cache of one widget root', () => {
  it('shares one request between screens asking for the same key, and answers later asks from the cache', async () => {
    const cache = createQueryCache();
    let calls = 0;
    const answer = deferred<string>();
    const fetcher = () => (calls++, answer.promise);
    const seen: (string | undefined)[] = [];
    cache.subscribe('plans', () => seen.push(cache.peek<string>('plans')?.status));
    const first = cache.load('plans', fetcher);
    const second = cache.load('plans', fetcher);
    expect(cache.peek('plans')).toMatchObject({ status: 'loading', data: undefined });
    answer.resolve('Pro, Team');
    await Promise.all([first, second]);
    await cache.load('plans', fetcher);
    expect(calls).toBe(1);
    expect(cache.peek('plans')).toMatchObject({ status: 'success', data: 'Pro, Team', problem: null });
    expect(seen).toEqual(['loading', 'success']);
  });

  it('keeps a failure only until someone asks again, and refetches on force or when older than maxAgeMs', async () => {
    let clock = 1_000;
    const cache = createQueryCache(() => clock);
    const problem = new ApiProblem({ kind: 'timeout', status: 0, code: ErrorCode.Timeout });
    await cache.load('k', () => Promise.reject(problem));
    expect(cache.peek('k')).toMatchObject({ status: 'error', problem });
    await cache.load('k', () => Promise.resolve(1));
    expect(cache.peek('k')).toMatchObject({ status: 'success', data: 1 });
    await cache.load('k', () => Promise.resolve(2), { maxAgeMs: 500 });
    expect(cache.peek('k')?.data).toBe(1);
    clock += 501;
    await cache.load('k', () => Promise.resolve(3), { maxAgeMs: 500 });
    expect(cache.peek('k')?.data).toBe(3);
    await cache.load('k', () => Promise.resolve(4), { force: true });
    expect(cache.peek('k')?.data).toBe(4);
  });

  it('a refetch keeps showing the old answer while it runs', async () => {
    const cache = createQueryCache();
    await cache.load('k', () => Promise.resolve('old'));
    const next = deferred<string>();
    const run = cache.load('k', () => next.promise, { force: true });
    expect(cache.peek('k')).toMatchObject({ status: 'loading', data: 'old' });
    next.resolve('new');
    await run;
    expect(cache.peek('k')).toMatchObject({ status: 'success', data: 'new' });
  });

  it('turns a thrown non-API error into a system error problem', async () => {
    const cache = createQueryCache();
    await cache.load('k', () => Promise.reject(new TypeError('bug')));
    expect(cache.peek('k')?.problem).toMatchObject({ kind: 'server', code: ErrorCode.SystemError });
  });

  it('drops the oldest unwatched answers beyond its limit, and invalidates by prefix', async () => {
    const cache = createQueryCache();
    const watched = cache.subscribe('summary:0', () => undefined);
    for (let i = 0; i <= QUERY_CACHE_LIMIT + 1; i++) await cache.load(`summary:${i}`, () => Promise.resolve(i));
    expect(cache.peek('summary:0')?.data).toBe(0);
    expect(cache.peek('summary:1')).toBeUndefined();
    expect(cache.peek(`summary:${QUERY_CACHE_LIMIT + 1}`)?.data).toBe(QUERY_CACHE_LIMIT + 1);
    watched();
    await cache.load('account', () => Promise.resolve('a'));
    cache.invalidate('summary:');
    expect(cache.peek('summary:5')).toBeUndefined();
    expect(cache.peek('account')?.data).toBe('a');
  });
});
