import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/create-test-app.ts';
import { CARDS, cardToken, confirm, pay, proDraft, signupIntent, SITE } from '../payments-test-helpers.ts';
import { sandboxGateway } from './sandbox-gateway.ts';
import { sandboxPublishableKey } from './sandbox-ids.ts';
import { sandboxRepository } from './sandbox.repository.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const gateway = () => sandboxGateway(sandboxRepository(t.database.db), { companyUid: t.config.company.uid });
const tokenRequest = (over: Record<string, string> = {}) => t.request({
  method: 'POST', url: '/sandbox/v1/tokens',
  payload: { api_login_id: sandboxPublishableKey(t.config.company.uid), card_number: CARDS.visa, expire_month: '04', expire_year: '2031', cvv: '123', ...over },
});

describe('GET /js/v1 (the card script)', () => {
  it('is plain JavaScript any host page may load, cached briefly, without the document-only headers', async () => {
    const res = await t.request({ method: 'GET', url: '/js/v1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.body).toContain('window.PorticoSandbox');
    expect(res.body).toContain('createToken');
  });
});

describe('POST /sandbox/v1/tokens (spec 1 section 3 card token request)', () => {
  it('answers the spec\'s fields and never echoes the card number', async () => {
    const res = await tokenRequest();
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({ card_type: 'visa', expire_year: '2031', expire_month: '04', onetime_token: expect.stringMatching(/^pm_sbx_[0-9a-f]{24}$/), last_4: '4242' });
    expect(res.body).not.toContain('4242424242424242');
  });

  it('applies the native card form rules, naming the provider\'s field', async () => {
    const res = await tokenRequest({ card_number: '12', cvv: '1', expire_month: '13' });
    expect(res.statusCode).toBe(400);
    expect(res.json().FieldErrors).toEqual([
      { Field: 'card_number', ErrorCode: 'Errors.CardNumberIsRequired', Message: 'Card number is required.' },
      { Field: 'expire_month', ErrorCode: 'Errors.ExpirationDateInvalidFormat', Message: 'Expiration date is not in the correct format.' },
      { Field: 'cvv', ErrorCode: 'Errors.CVVIsRequired', Message: 'CVV is required.' },
    ]);
  });

  it('refuses an expired card, a number failing the checksum, a real (non-test) card and a wrong login id', async () => {
    expect((await tokenRequest({ expire_year: '2020' })).json().FieldErrors[0]).toMatchObject({ Field: 'expire_month', ErrorCode: 'Errors.CardExpired' });
    const luhn = await tokenRequest({ card_number: '4242 4242 4242 4241' });
    expect(luhn.statusCode).toBe(400);
    expect(luhn.json()).toMatchObject({ ErrorCode: 'Errors.CardNumberInvalid', Message: 'Your card number is incorrect.' });
    const real = await tokenRequest({ card_number: '4111 1111 1111 1111' });
    expect(real.statusCode).toBe(402);
    expect(real.json()).toMatchObject({ ErrorCode: 'Errors.CardDeclined', Message: expect.stringContaining('test card numbers only') });
    expect((await tokenRequest({ api_login_id: 'pk_sandbox_someoneelse' })).json().FieldErrors[0]).toMatchObject({ Field: 'api_login_id' });
  });

  it('refuses NUL and oversized fields with 400, never 500', async () => {
    expect((await tokenRequest({ card_number: '4242\u00004242' })).statusCode).toBe(400);
    expect((await tokenRequest({ name_on_card: 'x'.repeat(5000) })).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: '/sandbox/v1/tokens', payload: { card_number: 4242 } })).statusCode).toBe(400);
  });
});

describe('confirming an intent with the test cards', () => {
  it('4242 4242 4242 4242: a sign-up payment is authorized (requires_capture) and captured later', async () => {
    const intent = await signupIntent(t, { Subscription: proDraft() });
    const confirmed = await pay(t, intent.ClientSecret, CARDS.visa);
    expect(confirmed.status).toBe('requires_capture');
    const g = gateway();
    const before = await g.retrieveIntent(confirmed.id);
    expect(before.paymentMethod).toMatchObject({ cardType: 'visa', last4: '4242', expMonth: 12, expYear: 2034, nameOnCard: 'Ada Lovelace' });
    expect((await sandboxRepository(t.database.db).charges(confirmed.id)).map((c) => c.status)).toEqual(['authorized']);
    expect((await g.captureIntent(confirmed.id)).status).toBe('succeeded');
    expect((await sandboxRepository(t.database.db).charges(confirmed.id)).map((c) => c.status)).toEqual(['succeeded']);
  });

  it('4000 0000 0000 0002: declined with the provider\'s message; the intent stays unpaid and can be retried', async () => {
    const intent = await signupIntent(t, { Subscription: proDraft() });
    const res = await confirm(t, intent.ClientSecret, await cardToken(t, CARDS.declined));
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ Status: 402, ErrorCode: 'Errors.CardDeclined', Message: 'Your card was declined.', FieldErrors: [] });
    const view = (await t.request({ method: 'GET', url: `/sandbox/v1/intents?client_secret=${intent.ClientSecret}` })).json();
    expect(view).toMatchObject({ status: 'requires_payment_method', last_error: 'Your card was declined.' });
    // Another card on the same intent goes through.
    expect((await pay(t, intent.ClientSecret, CARDS.visa)).status).toBe('requires_capture');
  });

  it('4000 0025 0000 3155: asks for authentication; completing it returns to the host page with redirect_status=succeeded', async () => {
    const intent = await signupIntent(t, { Subscription: proDraft() });
    const res = await confirm(t, intent.ClientSecret, await cardToken(t, CARDS.authenticate), `${SITE}/signup?step=checkout`);
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({ status: 'requires_action', next_action: { type: 'redirect_to_url', redirect_url: expect.stringMatching(/^\/sandbox\/v1\/authenticate\?client_secret=/) } });

    const page = await t.request({ method: 'GET', url: view.next_action.redirect_url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Complete authentication');
    expect(page.body).toContain('Fail authentication');
    expect(page.body).toContain('$128.00');
    expect(page.headers['content-security-policy']).toContain(`form-action 'self' ${SITE}`);

    const done = await t.request({
      method: 'POST', url: '/sandbox/v1/authenticate', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ client_secret: intent.ClientSecret, outcome: 'complete' }).toString(),
    });
    expect(done.statusCode).toBe(303);
    const back = new URL(done.headers.location as string);
    expect(back.origin + back.pathname).toBe(`${SITE}/signup`);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      step: 'checkout', payment_intent: view.id, payment_intent_client_secret: intent.ClientSecret, redirect_status: 'succeeded',
    });
    expect((await gateway().retrieveIntent(view.id)).status).toBe('requires_capture');
  });

  it('the bank page is styled by its own stylesheet, light and dark, under the strict CSP (issue 15)', async () => {
    const intent = await signupIntent(t, { Subscription: proDraft() });
    const view = (await confirm(t, intent.ClientSecret, await cardToken(t, CARDS.authenticate), `${SITE}/`)).json();
    const page = await t.request({ method: 'GET', url: view.next_action.redirect_url });
    expect(page.body).toContain('<link rel="stylesheet" href="/sandbox/v1/authenticate.css">');
    expect(page.body).toContain('<meta name="color-scheme" content="light dark">');
    expect(page.body).not.toMatch(/<style|style=/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const css = await t.request({ method: 'GET', url: '/sandbox/v1/authenticate.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.body).toContain('@media (prefers-color-scheme: dark)');
  });

  it('failing the authentication returns with redirect_status=failed and leaves the intent unpaid', async () => {
    const intent = await signupIntent(t, { Subscription: proDraft() });
    const view = (await confirm(t, intent.ClientSecret, await cardToken(t, CARDS.authenticate), `${SITE}/`)).json();
    const done = await t.request({
      method: 'POST', url: '/sandbox/v1/authenticate', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `client_secret=${intent.ClientSecret}&outcome=fail`,
    });
    expect(new URL(done.headers.location as string).searchParams.get('redirect_status')).toBe('failed');
    const after = await gateway().retrieveIntent(view.id);
    expect(after).toMatchObject({ status: 'requires_payment_method', paymentMethod: null, lastError: expect.stringContaining('unable to authenticate') });
    // The page is for a pending step only.
    expect((await t.request({ method: 'GET', url: view.next_action.redirect_url })).statusCode).toBe(409);
  });

  it('a setup intent with the authentication card succeeds after authentication, without a return URL', async () => {
    const intent = await signupIntent(t, { Subscription: proDraft() }, 'setup');
    expect(intent.IsSetupIntent).toBe(true);
    const view = (await confirm(t, intent.ClientSecret, await cardToken(t, CARDS.authenticate))).json();
    expect(view).toMatchObject({ object: 'setup_intent', status: 'requires_action' });
    const done = await t.request({
      method: 'POST', url: '/sandbox/v1/authenticate', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `client_secret=${intent.ClientSecret}&outcome=complete`,
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Authentication completed.');
    expect((await gateway().retrieveIntent(view.id)).status).toBe('succeeded');
  });

  it('refuses a return URL outside the company\'s sites (no open redirect), a token used by another customer, and a second confirm', async () => {
    const intent = await signupIntent(t, { Subscription: proDraft() });
    const token = await cardToken(t, CARDS.visa);
    const evil = await confirm(t, intent.ClientSecret, token, 'https://evil.example/steal');
    expect(evil.statusCode).toBe(400);
    expect(evil.json().FieldErrors[0]).toMatchObject({ Field: 'return_url' });
    expect((await confirm(t, intent.ClientSecret, token, 'javascript:alert(1)')).statusCode).toBe(400);
    expect((await confirm(t, intent.ClientSecret, token)).statusCode).toBe(200);
    const other = await signupIntent(t, { Subscription: proDraft() });
    expect((await confirm(t, other.ClientSecret, token)).json().FieldErrors[0]).toMatchObject({ Field: 'payment_method' });
    expect((await confirm(t, intent.ClientSecret, await cardToken(t, CARDS.visa))).statusCode).toBe(409);
  });

  it('an unknown client secret is a 404, a malformed one a 400', async () => {
    expect((await confirm(t, 'pi_sbx_000000000000000000000000_secret_00000000000000000000000000000000', 'pm_sbx_x')).statusCode).toBe(404);
    expect((await confirm(t, 'not a secret', 'pm_sbx_x')).statusCode).toBe(400);
  });
});

describe('the sandbox gateway (server side)', () => {
  it('cancels an authorization and refuses to cancel money already taken', async () => {
    const g = gateway();
    const manual = await g.createIntent({ kind: 'payment', amountMinor: 500, currency: 'USD', idempotencyKey: 'k1', captureManually: true });
    await pay(t, manual.clientSecret);
    expect((await g.cancelIntent(manual.id)).status).toBe('canceled');
    expect((await sandboxRepository(t.database.db).charges(manual.id)).map((c) => c.status)).toEqual(['canceled']);
    const automatic = await g.createIntent({ kind: 'payment', amountMinor: 500, currency: 'USD', idempotencyKey: 'k2' });
    expect((await pay(t, automatic.clientSecret)).status).toBe('succeeded');
    await expect(g.cancelIntent(automatic.id)).rejects.toMatchObject({ kind: 'invalid' });
    await expect(g.retrieveIntent('pi_sbx_missing')).rejects.toMatchObject({ kind: 'not_found' });
    await expect(g.createIntent({ kind: 'payment', amountMinor: 0, currency: 'USD', idempotencyKey: 'k3' })).rejects.toMatchObject({ kind: 'invalid' });
  });

  it('keeps a customer\'s saved methods: a setup intent on the same customer token reuses it', async () => {
    const g = gateway();
    const first = await g.createIntent({ kind: 'setup', amountMinor: 0, currency: 'USD', idempotencyKey: 'k4' });
    await pay(t, first.clientSecret);
    const second = await g.createIntent({ kind: 'setup', amountMinor: 0, currency: 'USD', customerToken: first.customerToken!, idempotencyKey: 'k5' });
    expect(second.customerToken).toBe(first.customerToken);
    const saved = await g.retrieveIntent(first.id);
    expect(saved.paymentMethod?.token).toMatch(/^pm_sbx_/);
    await g.detachPaymentMethod(saved.paymentMethod!.token);
    // A detached method may be attached again, to any customer (it is the provider's record, not ours).
    expect((await confirm(t, second.clientSecret, saved.paymentMethod!.token)).statusCode).toBe(200);
  });

  // Issue 17: cards that save and then decline every charge, so dunning shows a soft and a hard decline.
  it.each([
    ['4000 0000 0000 0341', 'card_declined', 'Your card was declined.'],
    ['4000 0000 0000 9987', 'lost_card', 'Your card was declined.'],
    ['4000 0000 0000 9979', 'insufficient_funds', 'Your card has insufficient funds.'],
  ])('%s saves, then every charge is declined with code %s, on-session and off, a replay answering the same code', async (card, code, message) => {
    const g = gateway();
    const setup = await g.createIntent({ kind: 'setup', amountMinor: 0, currency: 'USD', idempotencyKey: `setup-${code}` });
    expect((await pay(t, setup.clientSecret, card)).status).toBe('succeeded');
    const saved = (await g.retrieveIntent(setup.id)).paymentMethod!;
    const charge = { customerToken: setup.customerToken!, paymentMethodToken: saved.token, amountMinor: 1200, currency: 'USD', idempotencyKey: `invoice:${code}:attempt:1`, captureManually: false };
    await expect(g.chargeSavedMethod(charge)).rejects.toMatchObject({ kind: 'declined', message, providerCode: code });
    // The same key replays the decline (same code: dunning decides hard or soft by it) and charges nothing.
    await expect(g.chargeSavedMethod(charge)).rejects.toMatchObject({ kind: 'declined', message, providerCode: code });
    // The method stays saved: the next attempt is declined again.
    await expect(g.chargeSavedMethod({ ...charge, idempotencyKey: `invoice:${code}:attempt:2` })).rejects.toMatchObject({ providerCode: code });
    // On-session, a payment with the card is declined with the customer's message.
    const onSession = await g.createIntent({ kind: 'payment', amountMinor: 500, currency: 'USD', idempotencyKey: `pay-${code}` });
    const res = await confirm(t, onSession.clientSecret, await cardToken(t, card));
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ ErrorCode: 'Errors.CardDeclined', Message: message });
  });

  it('4000 0000 0000 9995 keeps its behaviour: declined at saving (insufficient funds), so it is never saved', async () => {
    const setup = await gateway().createIntent({ kind: 'setup', amountMinor: 0, currency: 'USD', idempotencyKey: 'setup-9995' });
    const res = await confirm(t, setup.clientSecret, await cardToken(t, '4000 0000 0000 9995'));
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ ErrorCode: 'Errors.CardDeclined', Message: 'Your card has insufficient funds.' });
  });
});
