/**
 * The sandbox gateway's browser script (served by the Portico server at /js/v1, spec 1 section 7:
 * "loads the card provider's script from a configured base URL at /js/v1"), loaded on first use
 * as a classic script in the page's own document, like any provider's script.
 */
import { loadScript } from '../third-party/load-script.ts';

export interface SandboxTokenAnswer {
  card_type: string;
  expire_year: string;
  expire_month: string;
  onetime_token: string;
  last_4: string;
}
export interface SandboxError {
  error: { code: string; description: string; message: string; field: string | null; status: number };
}
export interface SandboxIntentView {
  id: string;
  status: string;
  last_error: string | null;
  next_action: { type: string; redirect_url: string } | null;
}

export interface PorticoSandbox {
  version: number;
  createToken(fields: Record<string, string>): Promise<SandboxTokenAnswer | SandboxError>;
  confirmIntent(clientSecret: string, options: { payment_method: string; return_url?: string }): Promise<SandboxIntentView | SandboxError>;
  retrieveIntent(clientSecret: string): Promise<SandboxIntentView | SandboxError>;
  authenticate(clientSecret: string): void;
}

declare global {
  interface Window {
    PorticoSandbox?: PorticoSandbox;
  }
}

export const SANDBOX_SCRIPT_PATH = '/js/v1';

export const isSandboxError = (v: unknown): v is SandboxError => typeof v === 'object' && v !== null && 'error' in v;

/** The script's API, loading it once per page; rejects when it cannot be loaded (a later call retries). */
export async function loadSandboxScript(server: string): Promise<PorticoSandbox> {
  if (!window.PorticoSandbox) await loadScript(new URL(SANDBOX_SCRIPT_PATH, server).href);
  if (!window.PorticoSandbox) throw new Error('The sandbox script did not start');
  return window.PorticoSandbox;
}
