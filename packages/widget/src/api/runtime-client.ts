import type { Runtime } from '../shared/runtime-types.ts';
import { createApiClient } from './http.ts';
import type { ApiClient } from './http.ts';
import { fetchTransport } from './transport.ts';
import type { Transport } from './transport.ts';

const clients = new WeakMap<Runtime, ApiClient>();

/** Demo mode answers from the demo chunk, loaded on the first call: never a request to a server. */
const lazyDemoTransport = (runtime: Runtime): Transport => {
  let transport: Promise<Transport> | null = null;
  return async (call) => {
    transport ??= import('../demo/demo-runtime.ts').then((m) => m.startDemo(runtime));
    return (await transport)(call);
  };
};

/**
 * A 401 to a call that carried the page's current token means its session is over (expired, ended
 * elsewhere, logged out): the token is forgotten, so every widget's signed-in gate shows login
 * (app/screen-outlet.tsx) instead of each screen saying so. A token replaced meanwhile is kept.
 */
export function endSessionOn401(transport: Transport, token: Runtime['token']): Transport {
  return async (call) => {
    const answer = await transport(call);
    const sent = call.headers.Authorization;
    if (answer.status === 401 && sent && sent === `Bearer ${token.get()}`) token.set(null);
    return answer;
  };
}

/**
 * The page's API client (one per loader runtime, shared by every widget on the page):
 * the server of the script tag with the current access token, or the demo transport.
 */
export function apiClientFor(runtime: Runtime): ApiClient {
  let client = clients.get(runtime);
  if (!client) {
    const base = runtime.config.demo ? lazyDemoTransport(runtime) : fetchTransport(runtime.config.server);
    client = createApiClient({
      transport: endSessionOn401(base, runtime.token),
      token: () => runtime.token.get(),
    });
    clients.set(runtime, client);
  }
  return client;
}
