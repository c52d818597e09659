import type { Transport } from '../api/transport.ts';
import type { Runtime } from '../shared/runtime-types.ts';
import { installDemoSandbox } from './demo-sandbox.ts';
import { bindDemoSession } from './demo-session.ts';
import { demoTransport } from './demo-transport.ts';
import { DEMO_LOGIN_EMAILS } from './demo-signin.ts';

/**
 * Where demo mode starts, once per page, before the first screen (api/runtime-client.ts loads it with
 * the first call): the persona signed in with its token (demo-session.ts), the sandbox's script
 * played on the page (demo-sandbox.ts), and the transport that answers every call. Every demo
 * difference lives in this folder: screens run the same code in both modes.
 */
export function startDemo(runtime: Runtime): Transport {
  bindDemoSession(runtime);
  // The demo page names the emails a demo login accepts (demo/demo-mode.js listens); the loader carries none of it.
  document.dispatchEvent(new CustomEvent('portico:demo-logins', { detail: DEMO_LOGIN_EMAILS }));
  installDemoSandbox();
  return demoTransport(undefined, () => runtime.persona.get());
}
