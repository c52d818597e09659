import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ApiClient } from '../api/http.ts';
import type { ResponseBody, Operation } from '../api/api-types.ts';
import { coalesce } from './coalesce.ts';
import type { ConsoleFeed } from './use-console-feed.ts';

export type InboxPage = ResponseBody<Operation<'get', '/api/v1/console/cases'>>;
export type InboxItem = InboxPage['items'][number];
export interface InboxFilters { status: 'open' | 'closed' | 'all'; assigned: 'me' | 'unassigned' | 'all'; email: string }

/** Rows asked for at a time (the route allows 200); more load as the list nears its end. */
export const INBOX_PAGE = 100;
/**
 * The inbox: the first page for the filters, the next pages as the operator scrolls, and a fresh look
 * at the loaded rows whenever the live feed says a case changed (new chats come in at the top, unread
 * markers change); a burst of changes is one look at a time (use-console-feed.ts, coalesce.ts).
 */
export function useInbox(api: ApiClient, filters: InboxFilters, feed: ConsoleFeed) {
  const [items, setItems] = useState<InboxItem[]>([]);
  const [total, setTotal] = useState(0);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const loading = useRef(false);
  const latest = useRef(items);
  latest.current = items;

  const query = useCallback((offset: number, limit: number) => ({
    limit, offset, assigned: filters.assigned,
    ...(filters.status !== 'all' ? { status: filters.status } : {}),
    ...(filters.email.trim() ? { email: filters.email.trim() } : {}),
  }), [filters.assigned, filters.status, filters.email]);

  const refresh = useCallback(async (signal?: AbortSignal) => {
    // The loaded rows again (up to the route's 200); rows loaded past that keep their place below.
    const limit = Math.min(200, Math.max(INBOX_PAGE, latest.current.length));
    const page = await api.request('get', '/api/v1/console/cases', { query: query(0, limit), ...(signal ? { signal } : {}) });
    const fresh = new Set(page.items.map((i) => i.Uid));
    setItems([...page.items, ...latest.current.slice(limit).filter((i) => !fresh.has(i.Uid))]);
    setTotal(page.metadata.total);
    setState('ready');
  }, [api, query]);

  useEffect(() => {
    const abort = new AbortController();
    latest.current = [];
    setItems([]);
    setState('loading');
    refresh(abort.signal).catch((err: unknown) => { if (!abort.signal.aborted && (err as Error)?.name !== 'AbortError') setState('failed'); });
    return () => abort.abort();
  }, [refresh]);

  // Any change may move a row (or add one at the top): the loaded rows again, with the filters of now.
  const current = useRef(refresh);
  current.current = refresh;
  const again = useMemo(() => coalesce(() => current.current()), []);
  useEffect(() => feed.subscribe(() => again()), [feed, again]);

  const loadMore = useCallback(async () => {
    if (loading.current || latest.current.length >= total) return;
    loading.current = true;
    try {
      const page = await api.request('get', '/api/v1/console/cases', { query: query(latest.current.length, INBOX_PAGE) });
      const have = new Set(latest.current.map((i) => i.Uid));
      setItems([...latest.current, ...page.items.filter((i) => !have.has(i.Uid))]);
      setTotal(page.metadata.total);
    } finally {
      loading.current = false;
    }
  }, [api, query, total]);

  /** Marks a row read at once (the server is told by the conversation). */
  const markRead = useCallback((uid: string) => setItems((list) => list.map((i) => (i.Uid === uid && i.Unread ? { ...i, Unread: false } : i))), []);

  return { items, total, state, refresh, loadMore, markRead };
}
