import { useEffect, useState } from 'react';
import type { ApiClient } from '../api/http.ts';
import type { PathsFor } from '../api/api-types.ts';
import { callUrl } from '../api/transport.ts';

/** A heartbeat this often keeps the operator online (the server's deadline is 45 s, OPERATOR_PRESENCE_TTL_MS). */
export const PRESENCE_BEAT_MS = 30_000;

/**
 * While the console is open the operator is online (PUT /api/v1/console/presence), which is what makes the
 * widget offer the live chat (the chat's presence counts console operators). Closing the page says offline
 * at once (keepalive fetch); otherwise the deadline passes 45 s after the last beat.
 */
export function usePresence(api: ApiClient, token: () => string | null): boolean {
  const [online, setOnline] = useState(false);
  useEffect(() => {
    let live = true;
    const beat = () => api.request('put', '/api/v1/console/presence', { body: { Online: true } })
      .then((a) => { if (live) setOnline(a.Online); }, () => { if (live) setOnline(false); });
    void beat();
    const timer = setInterval(() => void beat(), PRESENCE_BEAT_MS);
    const leave = () => {
      const bearer = token();
      // keepalive: the request outlives the page; the typed client's own fetch would be cancelled with it.
      if (bearer) void fetch(callUrl(location.origin, { path: '/api/v1/console/presence' satisfies PathsFor<'put'>, pathParams: {}, query: {} }), { method: 'PUT', keepalive: true, credentials: 'omit', headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ Online: false }) }).catch(() => undefined);
    };
    addEventListener('pagehide', leave);
    return () => {
      live = false;
      clearInterval(timer);
      removeEventListener('pagehide', leave);
    };
  }, [api, token]);
  return online;
}
