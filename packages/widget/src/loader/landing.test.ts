import { describe, expect, it } from 'vitest';
import { landingFor, landingHost } from './landing.ts';
import { markEmbedded } from '../payments/payment-redirect.ts';

describe('what the page address asks the widget to finish', () => {
  it("a payment redirect a Portico screen started lands on processing with its values, all removed from the address", () => {
    const landing = landingFor('https://shop.example/join?x=1&portico_action=signUp&portico_from=checkout&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_2&redirect_status=succeeded');
    expect(landing).toEqual({
      state: 'processing',
      params: { action: 'signUp', from: 'checkout', redirectStatus: 'succeeded', paymentIntent: 'pi_1', clientSecret: 'pi_1_secret_2' },
      cleanHref: 'https://shop.example/join?x=1',
    });
  });

  // Issue 17: the renewal mails' links (helper C's mail builds them on the post-login URL or the company's website).
  it("a renewal's 'Authenticate your payment' link opens invoicePayment for that invoice, removed from the address", () => {
    expect(landingFor('https://shop.example/account?x=1&portico_pay_invoice=inv_123')).toEqual({
      state: 'invoicePayment', params: { invoiceUid: 'inv_123' }, cleanHref: 'https://shop.example/account?x=1',
    });
    expect(landingFor('https://shop.example/?portico_pay_invoice=')).toBeNull();
  });

  it("the return from the bank's step it started comes back to invoicePayment with the provider's values, all removed", () => {
    const back = landingFor('https://shop.example/?portico_pay_invoice=inv_1&portico_embed=1&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_2&redirect_status=succeeded');
    expect(back).toEqual({
      state: 'invoicePayment', params: { invoiceUid: 'inv_1', redirectStatus: 'succeeded', clientSecret: 'pi_1_secret_2' }, cleanHref: 'https://shop.example/',
    });
    expect(landingFor('https://shop.example/?portico_pay_invoice=inv_1&redirect_status=failed&payment_intent=pi_1')?.params)
      .toEqual({ invoiceUid: 'inv_1', redirectStatus: 'failed' });
  });

  it("a 'payment failed' mail's portico_open=updatePaymentInformation opens that state; no other state opens this way", () => {
    expect(landingFor('https://shop.example/?portico_open=updatePaymentInformation#billing')).toEqual({
      state: 'updatePaymentInformation', params: {}, cleanHref: 'https://shop.example/#billing',
    });
    expect(landingFor('https://shop.example/?portico_open=teamMemberRemove')).toBeNull();
    expect(landingFor('https://shop.example/?portico_open=')).toBeNull();
  });

  it("a redirect another script started (no portico_action) is left to it", () => {
    expect(landingFor('https://shop.example/?redirect_status=failed&payment_intent=pi_1')).toBeNull();
  });

  it("a sign-up's confirm-and-sign-in link lands on registerConfirmation with its token; a bare token is not ours", () => {
    expect(landingFor('https://shop.example/?a=1&portico_confirm=1&token=abc')).toEqual({ state: 'registerConfirmation', params: { confirmToken: 'abc' }, cleanHref: 'https://shop.example/?a=1' });
    expect(landingFor('https://shop.example/?token=abc')).toBeNull();
    expect(landingFor('https://shop.example/pricing')).toBeNull();
  });

  it('a reset link or an invitation link lands on resetPassword with its token, removed from the address', () => {
    expect(landingFor('https://shop.example/account?x=1&resetToken=abc_-1')).toEqual({ state: 'resetPassword', params: { token: 'abc_-1', kind: 'reset' }, cleanHref: 'https://shop.example/account?x=1' });
    expect(landingFor('https://shop.example/?confirmationToken=xyz#top')).toEqual({ state: 'resetPassword', params: { token: 'xyz', kind: 'confirmation' }, cleanHref: 'https://shop.example/#top' });
    expect(landingFor('https://shop.example/?resetToken=')).toBeNull();
  });

  it("a sign-up's set-password link (the mail of a person without a password) lands on resetPassword; the page's sign-up mark goes too", () => {
    expect(landingFor('https://shop.example/?confirm-email=1&portico_confirm=1&confirmationToken=tok_1')).toEqual({
      state: 'resetPassword', params: { token: 'tok_1', kind: 'confirmation' }, cleanHref: 'https://shop.example/?confirm-email=1',
    });
  });

  it('an email change link or its undo lands on its screen with the token, removed from the address (the screen POSTs it; the page load changes nothing)', () => {
    expect(landingFor('https://shop.example/account?tab=profile&emailChangeToken=abc_-1')).toEqual({ state: 'emailChangeConfirm', params: { token: 'abc_-1' }, cleanHref: 'https://shop.example/account?tab=profile' });
    expect(landingFor('https://shop.example/?emailChangeUndoToken=xyz')).toEqual({ state: 'emailChangeUndo', params: { token: 'xyz' }, cleanHref: 'https://shop.example/' });
    expect(landingFor('https://shop.example/?emailChangeToken=')).toBeNull();
  });
});

describe('where a landing shows (issue 15: a failed bank check must not reopen an embedded checkout as a popup)', () => {
  const back = (returnUrl: string, status: string) => landingFor(`${returnUrl}&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_2&redirect_status=${status}`)!;
  const start = 'https://shop.example/join?portico_action=signUp&portico_from=checkout';

  it('an embedded widget marks the return address; the landing knows it and cleans it away', () => {
    const embedded = markEmbedded(start, true);
    expect(new URL(embedded).searchParams.get('portico_embed')).toBe('1');
    expect(markEmbedded(start, false)).toBe(start);
    const landing = back(embedded, 'failed');
    expect(landing.params).toMatchObject({ embedded: '1', from: 'checkout', redirectStatus: 'failed' });
    expect(landing.cleanHref).toBe('https://shop.example/join');
  });

  it("the return of an embedded payment step lands in the page's embed: processing's, the one it started from, or the only one", () => {
    const landing = back(markEmbedded(start, true), 'failed');
    expect(landingHost(landing, [{ host: 'a', state: 'selectPlan' }, { host: 'b', state: 'checkout' }])).toBe('b');
    expect(landingHost(landing, [{ host: 'a', state: 'checkout' }, { host: 'p', state: 'processing' }])).toBe('p');
    expect(landingHost(landing, [{ host: 'only', state: 'selectPlan' }])).toBe('only');
    expect(landingHost(landing, [{ host: 'a', state: 'selectPlan' }, { host: 'b', state: 'team' }])).toBeNull();
  });

  it('a step started in a popup comes back in a popup, unless the page embeds processing itself', () => {
    const landing = back(start, 'succeeded');
    expect(landingHost(landing, [{ host: 'a', state: 'checkout' }])).toBeNull();
    expect(landingHost(landing, [{ host: 'p', state: 'processing' }])).toBe('p');
  });
});
