import { describe, expect, it } from 'vitest';
import { readPaymentRedirect, withoutPaymentRedirect } from './payment-redirect.ts';

describe('return from the payment redirect (spec 1 section 4)', () => {
  const back = 'https://shop.example/signup?step=checkout&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&redirect_status=succeeded#top';

  it('reads the status, the intent and its client secret', () => {
    expect(readPaymentRedirect(back)).toEqual({ status: 'succeeded', paymentIntent: 'pi_1', setupIntent: null, clientSecret: 'pi_1_secret_x' });
    expect(readPaymentRedirect('https://shop.example/?setup_intent=seti_1&setup_intent_client_secret=seti_1_secret_y&redirect_status=failed'))
      .toEqual({ status: 'failed', paymentIntent: null, setupIntent: 'seti_1', clientSecret: 'seti_1_secret_y' });
  });

  it('is nothing on an ordinary page load', () => {
    expect(readPaymentRedirect('https://shop.example/signup?payment_intent=pi_1')).toBeNull();
  });

  it('removes only its own values from the address (the page keeps its query and fragment)', () => {
    expect(withoutPaymentRedirect(back)).toBe('https://shop.example/signup?step=checkout#top');
  });
});
