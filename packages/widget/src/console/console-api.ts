import { createApiClient, type ApiClient } from '../api/http.ts';
import { callUrl, fetchTransport, type Transport } from '../api/transport.ts';
import type { PathsFor } from '../api/api-types.ts';
import type { ConsoleToken } from './console-token.ts';

/**
 * The console's API client: the widget's typed client (api/http.ts, paths and answers from the generated
 * OpenAPI types) against the server that served the console, with the operator's token. A 401 to a
 * call that carried the current token ends the sign-in: the console shows its login.
 */
export function consoleApi(token: ConsoleToken, origin = location.origin): ApiClient {
  const base: Transport = fetchTransport(origin);
  const transport: Transport = async (call) => {
    const answer = await base(call);
    if (answer.status === 401 && call.headers.Authorization === `Bearer ${token.get()}` && !call.path.endsWith('/console/tokens')) token.set(null);
    return answer;
  };
  return createApiClient({ transport, token: () => token.get() });
}

/** The binary answers the typed client cannot parse as JSON: an attachment's bytes, by its typed path. */
export type DownloadPath = Extract<PathsFor<'get'>, `${string}/data`>;

/** Downloads a file the console's token may read and saves it under `name` (the browser's download). */
export async function downloadFile(token: ConsoleToken, path: DownloadPath, params: Record<string, string>, name: string): Promise<void> {
  const res = await fetch(callUrl(location.origin, { path, pathParams: params, query: {} }), { headers: { Authorization: `Bearer ${token.get() ?? ''}` }, credentials: 'omit' });
  if (!res.ok) throw new Error(`download failed: ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
