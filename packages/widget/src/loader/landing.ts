import { EMAIL_CHANGE_TOKEN_PARAM, EMAIL_CHANGE_UNDO_TOKEN_PARAM } from '@portico/core/profile/email-change';

/**
 * What the page's address asks the widget to finish when it loads: the return from a bank's
 * authentication step that a Portico screen started (the provider adds redirect_status to a return
 * address carrying `portico_action`; spec 1 section 4 "Return from the payment redirect" lands on
 * processing), a sign-up mail's confirm-and-sign-in link (`portico_confirm=1&token=`:
 * registerConfirmation confirms and signs in), a reset, invitation or sign-up set-password link
 * (`resetToken` / `confirmationToken`: resetPassword; docs/registration.md "The mailed link"), or an
 * email change's link or its undo (`emailChangeToken`: emailChangeConfirm, `emailChangeUndoToken`: emailChangeUndo), or a
 * renewal mail's link (issue 17): `portico_pay_invoice=<uid>` (invoicePayment, 'Authenticate your payment'; the bank's step
 * returns to the same address, so the provider's values come along) or `portico_open=updatePaymentInformation`. The
 * values are read here, once, and removed from the address bar at once, so nothing
 * else on the page acts on them a second time.
 */
export interface Landing {
  state: 'processing' | 'registerConfirmation' | 'resetPassword' | 'emailChangeConfirm' | 'emailChangeUndo' | 'invoicePayment' | 'updatePaymentInformation'
    | 'manage' | 'unsubscribe' | 'emailListConfirmation';
  params: Record<string, string>;
  /** The address without what was read. */
  cleanHref: string;
}

export const CONFIRM_MARK = 'portico_confirm';
/** A renewal mail's link to 'Authenticate your payment' for one invoice (the mail code builds it; docs/billing.md). */
export const PAY_INVOICE_PARAM = 'portico_pay_invoice';
/** A mail's link that opens a state: only updatePaymentInformation opens this way. */
export const OPEN_PARAM = 'portico_open';
/** Set on the payment step's return address by a widget embedded in the page (payments/payment-entry.tsx). */
export const EMBED_MARK = 'portico_embed';
const REDIRECT_KEYS = ['redirect_status', 'payment_intent', 'setup_intent', 'payment_intent_client_secret', 'setup_intent_client_secret'];
const RETURN_KEYS = ['portico_action', 'portico_from', EMBED_MARK];

export function landingFor(href: string): Landing | null {
  const url = new URL(href);
  const q = url.searchParams;
  const status = q.get('redirect_status');
  const action = q.get('portico_action');
  if (status && action) {
    const params: Record<string, string> = { action, redirectStatus: status };
    const set = (key: string, value: string | null) => { if (value) params[key] = value; };
    set('from', q.get('portico_from'));
    set('paymentIntent', q.get('payment_intent'));
    set('setupIntent', q.get('setup_intent'));
    set('clientSecret', q.get('payment_intent_client_secret') ?? q.get('setup_intent_client_secret'));
    if (q.get(EMBED_MARK)) params.embedded = '1';
    for (const k of [...REDIRECT_KEYS, ...RETURN_KEYS]) q.delete(k);
    return { state: 'processing', params, cleanHref: url.toString() };
  }
  // A renewal's 'Authenticate your payment' link, and the return from the bank's step it started (the same address plus the provider's values).
  const invoiceUid = q.get(PAY_INVOICE_PARAM);
  if (invoiceUid) {
    const secret = q.get('payment_intent_client_secret');
    for (const k of [PAY_INVOICE_PARAM, ...REDIRECT_KEYS, ...RETURN_KEYS]) q.delete(k);
    // Written small: the loader is on every page's first load (bench bundle-size).
    const params: Record<string, string> = status ? (secret ? { invoiceUid, redirectStatus: status, clientSecret: secret } : { invoiceUid, redirectStatus: status }) : { invoiceUid };
    return { state: 'invoicePayment', params, cleanHref: url.toString() };
  }
  // A 'payment failed' mail's link; no other state opens this way (a link may not open an arbitrary state).
  if (q.get(OPEN_PARAM) === 'updatePaymentInformation') {
    q.delete(OPEN_PARAM);
    return { state: 'updatePaymentInformation', params: {}, cleanHref: url.toString() };
  }
  // A reset link (forgot password), an invitation's, or a sign-up's set-password link: resetPassword with its token.
  for (const [key, kind] of [['resetToken', 'reset'], ['confirmationToken', 'confirmation']] as const) {
    const link = q.get(key);
    if (link) {
      q.delete(key);
      // The sign-up's mark may still be on a page the link was built from: it is done with too.
      q.delete(CONFIRM_MARK);
      return { state: 'resetPassword', params: { token: link, kind }, cleanHref: url.toString() };
    }
  }
  // The email change's link (to the new address) and its undo (to the old one): their screens POST the token on the person's behalf.
  for (const [key, state] of [[EMAIL_CHANGE_TOKEN_PARAM, 'emailChangeConfirm'], [EMAIL_CHANGE_UNDO_TOKEN_PARAM, 'emailChangeUndo']] as const) {
    const link = q.get(key);
    if (link) {
      q.delete(key);
      return { state, params: { token: link }, cleanHref: url.toString() };
    }
  }
  // Email-list links (issue 18; docs/email-lists.md): preferences and unsubscribe carry the person token, the
  // double opt-in page its single-use token; opening them changes nothing (the screens' buttons do).
  const lists = q.get('portico_lists');
  if (lists) {
    const listUid = q.get('listUid');
    const personToken = q.get('listsToken');
    const confirmToken = q.get('listConfirmToken');
    for (const k of ['portico_lists', 'listUid', 'listsToken', 'listConfirmToken']) q.delete(k);
    const params: Record<string, string> = {};
    if (listUid) params.listUid = listUid;
    if (lists === 'confirm' && confirmToken) return { state: 'emailListConfirmation', params: { ...params, confirmToken }, cleanHref: url.toString() };
    if (personToken) return { state: lists === 'unsubscribe' ? 'unsubscribe' : 'manage', params: { ...params, token: personToken }, cleanHref: url.toString() };
  }
  const token = q.get('token');
  if (q.get(CONFIRM_MARK) && token) {
    q.delete(CONFIRM_MARK);
    q.delete('token');
    return { state: 'registerConfirmation', params: { confirmToken: token }, cleanHref: url.toString() };
  }
  return null;
}

/**
 * Where a landing shows: the page's embed of that very state; else, for the return from a payment
 * step that an embedded widget started (`embedded`), the embed of the screen it started from
 * (`from`), or the page's only embed. Otherwise null: a popup opens, as the step started in one.
 * Without this, a failed bank check reopened an embedded checkout as a popup (issue 15).
 */
export function landingHost<H>(landing: Landing, embeds: readonly { host: H; state: string }[]): H | null {
  const same = embeds.find((e) => e.state === landing.state);
  if (same) return same.host;
  if (landing.state !== 'processing' || landing.params.embedded !== '1') return null;
  const from = landing.params.from && embeds.find((e) => e.state === landing.params.from);
  if (from) return from.host;
  return embeds.length === 1 ? embeds[0]!.host : null;
}
