import { formatMoney } from '@portico/core';
import { escapeHtml } from '../../http/escape-html.ts';


const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;

/**
 * The sandbox's stand-in for a bank's 3-D Secure page: two buttons, no script (the strict CSP
 * allows none inline), posting back to the sandbox.
 */
export function authenticatePage(opts: { clientSecret: string; kind: string; amountMinor: number; currency: string }): string {
  const what = opts.kind === 'setup' ? 'saving this card' : `a payment of ${formatMoney(opts.amountMinor, opts.currency)}`;
  return page('Authenticate your payment', `<h1>Authenticate your payment</h1>
<p>Sandbox bank: this page stands in for your bank's check of ${escapeHtml(what)}. No real bank is asked and no money moves.</p>
<form method="post" action="/sandbox/v1/authenticate">
<input type="hidden" name="client_secret" value="${escapeHtml(opts.clientSecret)}">
<button type="submit" name="outcome" value="complete">Complete authentication</button>
<button type="submit" name="outcome" value="fail">Fail authentication</button>
</form>`);
}

/** Shown when the intent had no return_url (nowhere to send the browser back to). */
export function authenticatedPage(succeeded: boolean): string {
  const text = succeeded ? 'Authentication completed.' : 'Authentication failed.';
  return page(text, `<h1>${text}</h1>\n<p>You can close this window.</p>`);
}
