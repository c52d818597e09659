import { formatMoney } from '@portico/core';
import { escapeHtml } from '../../http/escape-html.ts';


/** The page's stylesheet: a file (sandbox.routes.ts), as the strict Content-Security-Policy allows no inline style. */
export const AUTHENTICATE_CSS_PATH = '/sandbox/v1/authenticate.css';

const BANK = '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M3 10l9-6 9 6"/><path d="M5 10v8M9.5 10v8M14.5 10v8M19 10v8"/><path d="M3 20h18"/></svg>';

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${AUTHENTICATE_CSS_PATH}">
</head>
<body>
<main>
<p class="bank">${BANK}<span>Sandbox bank</span><span class="badge">Test mode</span></p>
${body}
</main>
</body>
</html>
`;

/**
 * The sandbox's stand-in for a bank's 3-D Secure page: what is being checked (the amount, or saving
 * the card), two buttons, no script (the strict CSP allows none inline), posting back to the
 * sandbox. Styled by a stylesheet of its own that follows the system's light or dark mode.
 */
export function authenticatePage(opts: { clientSecret: string; kind: string; amountMinor: number; currency: string }): string {
  const setup = opts.kind === 'setup';
  const amount = setup ? '' : `<p class="amount">${escapeHtml(formatMoney(opts.amountMinor, opts.currency))}</p>\n`;
  const what = setup ? 'Your bank asks you to confirm that this card may be saved for later payments.' : 'Your bank asks you to confirm this payment.';
  return page('Authenticate your payment', `<h1>Authenticate your payment</h1>
<p>${escapeHtml(what)}</p>
${amount}<form method="post" action="/sandbox/v1/authenticate">
<input type="hidden" name="client_secret" value="${escapeHtml(opts.clientSecret)}">
<button type="submit" class="primary" name="outcome" value="complete">Complete authentication</button>
<button type="submit" class="fail" name="outcome" value="fail">Fail authentication</button>
</form>
<p class="note">This page stands in for your bank's check. No real bank is asked and no money moves.</p>`);
}

/** Shown when the intent had no return_url (nowhere to send the browser back to). */
export function authenticatedPage(succeeded: boolean): string {
  const text = succeeded ? 'Authentication completed.' : 'Authentication failed.';
  return page(text, `<h1>${text}</h1>\n<p>You can close this window.</p>`);
}
