import { escapeHtml as esc } from '../http/escape-html.ts';
import type { ConnectOutcome } from './finish-discord-connect.ts';

const TEXT: Record<ConnectOutcome, { title: string; body: string }> = {
  connected: { title: 'Discord connected', body: 'You are connected as {username} and have joined our Discord server.' },
  denied: { title: 'Discord not connected', body: 'You cancelled the authorization on Discord. Nothing was changed; you can connect again from your account.' },
  invalid_state: { title: 'This link has expired', body: 'This Discord connection link was already used, has expired, or belongs to a session that has ended. Start again from your account.' },
  expired_code: { title: 'This link has expired', body: 'Discord did not accept the authorization (it may have expired). Start again from your account.' },
  no_access: { title: 'Discord not connected', body: 'Your plan does not include our Discord server.' },
  unavailable: { title: 'Discord is not reachable', body: 'We could not reach Discord just now. Nothing was changed; please try again in a few minutes.' },
};


/** The page's stylesheet: a file of its own, as the strict CSP allows no inline style. */
export const CALLBACK_CSS_PATH = '/api/v1/community/discord/callback.css';
export const CALLBACK_CSS = `:root{color-scheme:light dark;--bg:#f6f7f9;--card:#fff;--fg:#1b1f24;--muted:#4a5360;--accent:#3a45c8;--on-accent:#fff}
@media (prefers-color-scheme:dark){:root{--bg:#121418;--card:#1c1f25;--fg:#eceef2;--muted:#b8bfca;--accent:#9aa3ff;--on-accent:#10131a}}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:28rem;margin:12vh auto 0;padding:2rem;background:var(--card);border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.375rem;margin:0 0 .75rem}p{color:var(--muted);margin:0 0 1.5rem}
a.btn{display:inline-block;background:var(--accent);color:var(--on-accent);padding:.625rem 1rem;border-radius:8px;text-decoration:none;font-weight:600}
a.btn:focus-visible{outline:3px solid var(--fg);outline-offset:2px}`;

/**
 * The page Discord's redirect lands on (a full browser page, not the widget): what happened, in
 * words, and a link back to the page the person started from (a site origin's page, checked when the
 * connect began). Light and dark follow the browser. No script and no inline style: the server's strict CSP applies.
 */
export function callbackPage(outcome: ConnectOutcome, o: { username?: string | undefined; returnUrl: string | null; companyName: string; websiteUrl: string | null }): string {
  const t = TEXT[outcome];
  const back = o.returnUrl ?? o.websiteUrl;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(t.title)} · ${esc(o.companyName)}</title>
<link rel="stylesheet" href="${CALLBACK_CSS_PATH}"></head><body><main data-outcome="${outcome}">
<h1>${esc(t.title)}</h1><p>${esc(t.body.replace('{username}', o.username ?? ''))}</p>
${back ? `<a class="btn" href="${esc(back)}">Back to ${esc(o.companyName)}</a>` : ''}
</main></body></html>`;
}
