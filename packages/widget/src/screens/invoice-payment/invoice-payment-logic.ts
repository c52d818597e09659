import type { InvoicePayment } from './invoice-payment-calls.ts';

/**
 * What the screen shows for an invoice: paid (a calm 'This invoice is paid'), void, waiting for the
 * customer's authentication (the button), or open without anything for the customer to authenticate
 * (a declined card: the way is a new card, updatePaymentInformation).
 */
export type InvoicePaymentView = 'paid' | 'void' | 'authenticate' | 'noAuthentication';

export function invoicePaymentView(p: Pick<InvoicePayment, 'Status' | 'ClientSecret'>, known: { savedCard?: boolean } = {}): InvoicePaymentView {
  if (p.Status === 'Paid') return 'paid';
  if (p.Status === 'Void') return 'void';
  return p.ClientSecret && known.savedCard !== false ? 'authenticate' : 'noAuthentication';
}

/**
 * On the return from the bank's step (loader/landing.ts): finish with the intent when the step
 * succeeded, say it failed otherwise, nothing when the screen was opened from the mail.
 */
export function returnStep(params: { redirectStatus?: string; clientSecret?: string }): { kind: 'none' } | { kind: 'finish'; clientSecret: string } | { kind: 'failed' } {
  if (!params.redirectStatus) return { kind: 'none' };
  if (params.redirectStatus === 'succeeded' && params.clientSecret) return { kind: 'finish', clientSecret: params.clientSecret };
  return { kind: 'failed' };
}

/** Where the bank's step returns: this page with the invoice's mark, so the landing reopens this screen (the provider adds its values). */
export function invoiceReturnUrl(href: string, invoiceUid: string, embedded: boolean): string {
  const url = new URL(href);
  for (const k of ['redirect_status', 'payment_intent', 'payment_intent_client_secret', 'setup_intent', 'setup_intent_client_secret']) url.searchParams.delete(k);
  url.searchParams.set('portico_pay_invoice', invoiceUid);
  if (embedded) url.searchParams.set('portico_embed', '1');
  return url.toString();
}
