import { describe, expect, it } from 'vitest';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { mailedWidgetLink, paymentFailedMessage, type PaymentFailedMailPayload } from './payment-failed-mail.ts';

const config = loadCompanyConfig();
const base: PaymentFailedMailPayload = {
  accountUid: 'acc', invoiceUid: 'inv-1', invoiceNumber: 42, amount: 2900, currency: 'USD', reason: 'declined',
  providerMessage: 'Your card has insufficient funds.', nextAttemptAt: '2026-03-16T12:00:00.000Z',
};
const to = { email: 'ada@example.com', firstName: 'Ada <b>' };

describe('the payment failed mail', () => {
  it('a decline: the bank\'s message, the next attempt, a link to updatePaymentInformation, text and HTML saying the same (escaped)', () => {
    const m = paymentFailedMessage(to, 'Northwind', config, base);
    const link = mailedWidgetLink(config, 'portico_open', 'updatePaymentInformation');
    expect(link).toMatch(/[?&]portico_open=updatePaymentInformation$/);
    expect(m.subject).toBe('Your payment to Northwind failed');
    expect(m.text).toContain('We could not collect $29.00 for invoice #42 to Northwind. Your bank said: Your card has insufficient funds.');
    expect(m.text).toContain(link);
    expect(m.text).toContain('We will try again on Mar 16, 2026, or as soon as you save a new card.');
    expect(m.html).toContain(`href="${link.replace(/&/g, '&#38;')}"`);
    expect(m.html).toContain('Hello Ada &#60;b&#62;,');
    expect(m.html).not.toContain('<b>,');
  });
  it('authentication: a link that opens \'Authenticate your payment\' for this invoice, no retry promised', () => {
    const m = paymentFailedMessage(to, 'Northwind', config, { ...base, reason: 'authentication_required', nextAttemptAt: null });
    expect(m.subject).toBe('Confirm your payment to Northwind');
    expect(m.text).toContain(mailedWidgetLink(config, 'portico_pay_invoice', 'inv-1'));
    expect(m.text).not.toContain('try again');
  });
  it('no card on file: asks for one', () => {
    const m = paymentFailedMessage(to, 'Northwind', config, { ...base, reason: 'no_payment_method', providerMessage: null });
    expect(m.text).toContain('your account has no card on file');
    expect(m.text).toContain('Add a card here:');
  });
  it('the link goes to registration.postLoginUrl when set, else the website', () => {
    const withPostLogin = { ...config, registration: { ...config.registration, postLoginUrl: 'https://app.example.com/home?x=1' } };
    expect(mailedWidgetLink(withPostLogin, 'portico_pay_invoice', 'inv-9')).toBe('https://app.example.com/home?x=1&portico_pay_invoice=inv-9');
    const noPostLogin = { ...config, registration: { ...config.registration, postLoginUrl: null }, company: { ...config.company, websiteUrl: 'https://northwind.example/' } };
    expect(mailedWidgetLink(noPostLogin, 'portico_open', 'updatePaymentInformation')).toBe('https://northwind.example/?portico_open=updatePaymentInformation');
  });
});
