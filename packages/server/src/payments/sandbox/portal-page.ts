import { formatMoney } from '@portico/core';
import { escapeHtml } from '../../http/escape-html.ts';
import { itemsOf, linesOf, sandboxInvoicePath, sandboxPortalPath } from './sandbox-billing.ts';
import type { SandboxInvoiceRow, SandboxMethodRow, SandboxSubscriptionRow } from './sandbox.repository.ts';

/** The portal's and the invoice page's stylesheet: a file (sandbox.routes.ts), as the strict CSP allows no inline style. */
export const PORTAL_CSS_PATH = '/sandbox/v1/portal.css';

const date = (d: Date) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(d);
const BRANDS: Record<string, string> = { visa: 'Visa', mast: 'Mastercard', amex: 'American Express', disc: 'Discover' };
const STATUS: Record<string, string> = {
  active: 'Active', trialing: 'Trial', past_due: 'Past due', canceled: 'Canceled', incomplete: 'Incomplete', unpaid: 'Unpaid',
  paid: 'Paid', open: 'Due', draft: 'Draft', void: 'Void', uncollectible: 'Uncollectible',
};
const status = (s: string) => STATUS[s] ?? s;

const page = (title: string, company: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)} · ${escapeHtml(company)}</title>
<link rel="stylesheet" href="${PORTAL_CSS_PATH}">
</head>
<body>
${body}
</body>
</html>
`;

const banner = (company: string) => `<p class="provider"><span class="company">${escapeHtml(company)}</span><span class="badge">Test mode</span></p>`;

function subscriptionCard(s: SandboxSubscriptionRow, formAction: string): string {
  const items = itemsOf(s).map((i) => {
    const per = i.interval ? ` per ${i.interval}` : '';
    const qty = i.quantity > 1 ? ` × ${i.quantity}` : '';
    return `<li><span class="product">${escapeHtml(i.productName)}</span> <span class="price">${escapeHtml(formatMoney(i.unitAmountMinor, i.currency))}${per}${qty}</span></li>`;
  }).join('\n');
  const running = !s.endDate && s.status !== 'canceled';
  let when = '';
  let form = '';
  if (!running) {
    when = `<p>Ended ${escapeHtml(date(s.endDate ?? s.cancelAt ?? s.startDate))}.</p>`;
  } else if (s.cancelAt) {
    when = `<p class="notice">Cancels on ${escapeHtml(date(s.cancelAt))}. Nothing more is charged.</p>`;
    form = `<form method="post" action="${formAction}"><input type="hidden" name="subscription" value="${escapeHtml(s.id)}"><button type="submit" class="primary" name="change" value="resume">Renew subscription</button></form>`;
  } else {
    const end = s.currentPeriodEnd ? date(s.currentPeriodEnd) : null;
    // What is charged and when, in one line (as a provider's portal says it): the items' total for the next period.
    const items = itemsOf(s);
    const next = items.reduce((sum, i) => sum + i.unitAmountMinor * i.quantity, 0);
    when = end && items[0] ? `<p>Renews on ${escapeHtml(end)}: the next charge is ${escapeHtml(formatMoney(next, items[0].currency))}.</p>` : '';
    form = `<form method="post" action="${formAction}"><input type="hidden" name="subscription" value="${escapeHtml(s.id)}">${end ? `<p class="small">Cancelling stops the renewal; the subscription stays active until ${escapeHtml(end)}.</p>` : ''}<button type="submit" class="danger" name="change" value="cancel">Cancel subscription</button></form>`;
  }
  return `<li class="card">
<p class="row"><span class="status status-${escapeHtml(s.status)}">${escapeHtml(status(s.status))}</span><span class="small">Started ${escapeHtml(date(s.startDate))}</span></p>
<ul class="items">${items}</ul>
${when}
${form}
</li>`;
}

/**
 * The sandbox's stand-in for a provider's hosted customer portal (Stripe's): the customer's
 * subscriptions (cancel at the end of the period, or renew again), their saved cards, their
 * invoices, and the way back to the company's site. Plain HTML, forms and no script.
 */
export function portalPage(opts: {
  session: string; company: string; returnUrl: string;
  subscriptions: SandboxSubscriptionRow[]; methods: SandboxMethodRow[]; invoices: SandboxInvoiceRow[];
}): string {
  const action = `${sandboxPortalPath(opts.session)}/subscriptions`;
  const subs = opts.subscriptions.length
    ? `<ul class="cards">${opts.subscriptions.map((s) => subscriptionCard(s, action)).join('\n')}</ul>`
    : '<p>You have no subscriptions.</p>';
  const cards = opts.methods.length
    ? `<ul class="plain">${opts.methods.map((m) => `<li>${escapeHtml(BRANDS[m.brand] ?? m.brand)} ending in ${escapeHtml(m.last4)} <span class="small">Expires ${String(m.expMonth).padStart(2, '0')}/${m.expYear}</span></li>`).join('\n')}</ul>`
    : '<p>No card is saved.</p>';
  const invoices = opts.invoices.length
    ? `<table><thead><tr><th scope="col">Date</th><th scope="col" class="num">Amount</th><th scope="col">Status</th><th scope="col"><span class="visually-hidden">Invoice</span></th></tr></thead><tbody>
${opts.invoices.map((i) => `<tr><td class="nowrap">${escapeHtml(date(i.periodStart))}</td><td class="num">${escapeHtml(formatMoney(i.total, i.currency))}</td><td>${escapeHtml(status(i.status))}</td><td><a href="${sandboxInvoicePath(i.id)}" target="_blank" rel="noopener">View invoice ${escapeHtml(i.number)}</a></td></tr>`).join('\n')}
</tbody></table>`
    : '<p>No invoices yet.</p>';
  return page('Billing', opts.company, `<main>
${banner(opts.company)}
<p><a class="back" href="${escapeHtml(opts.returnUrl)}">← Return to ${escapeHtml(opts.company)}</a></p>
<h1>Billing</h1>
<section aria-labelledby="subs"><h2 id="subs">Subscriptions</h2>
${subs}
</section>
<section aria-labelledby="pm"><h2 id="pm">Payment method</h2>
${cards}
</section>
<section aria-labelledby="inv"><h2 id="inv">Invoice history</h2>
${invoices}
</section>
<p class="note">This page stands in for the payment provider's customer portal (sandbox). No money moves.</p>
</main>`);
}

/** A portal link that no longer works (unknown or expired session), as a provider answers. */
export function portalExpiredPage(company: string): string {
  return page('Session expired', company, `<main>
${banner(company)}
<h1>This link has expired</h1>
<p>Go back to ${escapeHtml(company)} and open billing again to get a new link.</p>
</main>`);
}

/** The printable invoice behind an invoice's link (a provider's hosted invoice or its PDF). */
export function invoicePage(company: string, inv: SandboxInvoiceRow): string {
  const money = (minor: number) => escapeHtml(formatMoney(minor, inv.currency));
  const lines = linesOf(inv).map((l) => `<tr><td>${escapeHtml(l.description)}</td><td class="num">${l.quantity}</td><td class="num">${money(l.unitAmount)}</td><td class="num">${money(l.amount)}</td></tr>`).join('\n');
  const period = inv.periodEnd ? `${date(inv.periodStart)} – ${date(inv.periodEnd)}` : date(inv.periodStart);
  return page(`Invoice ${inv.number}`, company, `<main class="invoice">
${banner(company)}
<h1>Invoice ${escapeHtml(inv.number)}</h1>
<dl>
<dt>Status</dt><dd>${escapeHtml(status(inv.status))}</dd>
<dt>Date of issue</dt><dd>${escapeHtml(date(inv.periodStart))}</dd>
<dt>Period</dt><dd>${escapeHtml(period)}</dd>
</dl>
<table><thead><tr><th scope="col">Description</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Unit price</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>
${lines}
</tbody>
<tfoot><tr><th scope="row" colspan="3">Total</th><td class="num total">${money(inv.total)}</td></tr></tfoot>
</table>
<p class="note">Issued by the sandbox payment provider on behalf of ${escapeHtml(company)}. Test mode: no money moved.</p>
</main>`);
}
