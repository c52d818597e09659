import type { Runtime } from '../shared/runtime-types.ts';
import { apiClientFor } from '../api/runtime-client.ts';
import { VISITOR_ID_STORAGE_KEY } from '../shared/visitor-id.ts';

/**
 * Logout: the server ends the session (every token of it stops at once), then the widget forgets
 * the token and the visitor identifier. A failed call still signs the browser out.
 */
export async function signOut(runtime: Runtime): Promise<void> {
  if (runtime.token.get() && !runtime.config.demo) {
    await apiClientFor(runtime).request('post', '/api/v1/tokens/logout', {}).catch(() => undefined);
  }
  runtime.token.set(null);
  try {
    window.localStorage.removeItem(VISITOR_ID_STORAGE_KEY);
  } catch {
    /* storage blocked: nothing stored */
  }
}
