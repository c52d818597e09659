import type { Runtime } from '../shared/runtime-types.ts';
import { apiClientFor } from '../api/runtime-client.ts';
import { forgetSignIn } from '../auth/token-store.ts';

/**
 * Logout: the server ends the session (every token of it stops at once), then the widget forgets
 * the token and the visitor identifier and emits `logout`; the host page's signed-in state follows
 * (loader/host-state.ts). A failed call still signs the browser out. In demo mode the demo
 * transport answers the call, and the signed-out token makes the persona the visitor.
 */
export async function signOut(runtime: Runtime): Promise<void> {
  if (runtime.token.get()) {
    await apiClientFor(runtime).request('post', '/api/v1/tokens/logout', {}).catch(() => undefined);
  }
  forgetSignIn(runtime.token, runtime.events, runtime.config.server);
}
