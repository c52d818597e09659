import { describe, expect, it } from 'vitest';
import { invoicePaymentView, invoiceReturnUrl, returnStep } from './invoice-payment-logic.ts';
import { landingFor } from '../../loader/landing.ts';

describe('invoicePayment: what the screen shows', () => {
  it('paid and void invoices say so; an open one waiting for the bank shows the button; without a secret or a card, a new card is the way', () => {
    expect(invoicePaymentView({ Status: 'Paid', ClientSecret: null })).toBe('paid');
    expect(invoicePaymentView({ Status: 'Void', ClientSecret: null })).toBe('void');
    expect(invoicePaymentView({ Status: 'Open', ClientSecret: 'pi_1_secret_x' })).toBe('authenticate');
    expect(invoicePaymentView({ Status: 'Open', ClientSecret: null })).toBe('noAuthentication');
    expect(invoicePaymentView({ Status: 'Open', ClientSecret: 'pi_1_secret_x' }, { savedCard: false })).toBe('noAuthentication');
    expect(invoicePaymentView({ Status: 'Paid', ClientSecret: 'pi_1_secret_x' })).toBe('paid');
  });

  it("the return from the bank's step finishes with the intent when it succeeded, and says it failed otherwise", () => {
    expect(returnStep({})).toEqual({ kind: 'none' });
    expect(returnStep({ redirectStatus: 'succeeded', clientSecret: 'pi_1_secret_x' })).toEqual({ kind: 'finish', clientSecret: 'pi_1_secret_x' });
    expect(returnStep({ redirectStatus: 'succeeded' })).toEqual({ kind: 'failed' });
    expect(returnStep({ redirectStatus: 'failed', clientSecret: 'pi_1_secret_x' })).toEqual({ kind: 'failed' });
  });

  it("the bank's step returns to this page with the invoice's mark, which the landing reads back into this screen", () => {
    const url = invoiceReturnUrl('https://shop.example/account?x=1&redirect_status=failed&payment_intent=pi_0', 'inv_9', true);
    expect(url).toBe('https://shop.example/account?x=1&portico_pay_invoice=inv_9&portico_embed=1');
    // What the provider adds on the way back, read by the loader.
    const back = `${url}&payment_intent=pi_9&payment_intent_client_secret=pi_9_secret_z&redirect_status=succeeded`;
    expect(landingFor(back)).toEqual({
      state: 'invoicePayment', params: { invoiceUid: 'inv_9', redirectStatus: 'succeeded', clientSecret: 'pi_9_secret_z' }, cleanHref: 'https://shop.example/account?x=1',
    });
    expect(invoiceReturnUrl('https://shop.example/', 'inv_9', false)).toBe('https://shop.example/?portico_pay_invoice=inv_9');
  });
});
