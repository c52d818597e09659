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
    transport ??= import('../demo/demo-transport.ts').then((m) => m.demoTransport(undefined, () => runtime.persona.get()));
    return (await transport)(call);
  };
};

/**
 * The page's API client (one per loader runtime, shared by every widget on the page):
 * the server of the script tag with the current access token, or the demo transport.
 */
export function apiClientFor(runtime: Runtime): ApiClient {
  let client = clients.get(runtime);
  if (!client) {
    const demo = runtime.config.demo;
    client = createApiClient({
      transport: demo ? lazyDemoTransport(runtime) : fetchTransport(runtime.config.server),
      token: () => (demo ? null : runtime.token.get()),
    });
    clients.set(runtime, client);
  }
  return client;
}
