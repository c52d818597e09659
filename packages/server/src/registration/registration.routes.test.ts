import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify as argon2Verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { counts, expectRefusedWithoutWrites, nonce, register, registrationBody, registrationConfig } from './registration-test-helpers.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ config: registrationConfig(), clock: '2026-03-15T12:00:00Z' }); });
afterAll(async () => { await t.close(); });

const rows = async (query: ReturnType<typeof sql>) => (await t.database.db.execute(query) as unknown as { rows: Record<string, unknown>[] }).rows;

describe('POST /crm/registrations: one transaction from account to invoice (issue 7)', () => {
  it('registers a free plan: account, person, primary link, subscription; no invoice, no payment; no password given, so the set-password mail goes out (no confirmation asked)', async () => {
    const before = await counts(t);
    const body = registrationBody({ Nonce: await nonce(t) });
    const res = await register(t, body, { headers: { 'x-timezone': 'Europe/Berlin' } });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    expect(answer).toMatchObject({
      Person: { Email: body.Person.Email, FirstName: 'Ada', LastName: 'Lovelace', EmailConfirmed: true, ProfileImageUrl: null },
      Account: { Name: 'Analytical Engines', AccountType: 1, BillingAddress: { City: 'Springfield', Country: 'US' }, PersonAccount: [{ IsPrimary: true }] },
      Subscription: { Plan: { Uid: 'plan-free' }, Quantity: 1, BillingRenewalTerm: 'Monthly', StartDate: expect.stringMatching(/^2026-03-15T12:00/) },
      Invoice: null, RequiresConfirmation: true, SetPasswordLink: true, CreatedWithGoogle: false,
    });
    expect(answer.Account.PrimaryContact.Uid).toBe(answer.Person.Uid);
    const after = await counts(t);
    expect(after).toMatchObject({
      accounts: before.accounts! + 1, people: before.people! + 1, personAccounts: before.personAccounts! + 1,
      subscriptions: before.subscriptions! + 1, invoices: before.invoices, payments: before.payments, consumedNonces: before.consumedNonces! + 1,
    });
    // What the configured fields said is stored, custom values included; the time zone comes from X-Timezone.
    const [person] = await rows(sql`select field_values, time_zone, email_confirmed from people where uid = ${answer.Person.Uid}`);
    expect(person).toMatchObject({ field_values: { Role: 'analyst', MarketingConsent: true }, time_zone: 'Europe/Berlin' });
    const [account] = await rows(sql`select field_values, tax_ids from accounts where uid = ${answer.Account.Uid}`);
    expect(account).toMatchObject({ field_values: { CompanySize: '1-10', Interests: ['web', 'sales'] }, tax_ids: [{ TaxIdType: 'us_ein', TaxId: '12-3456789' }] });
    // The admin reads back the same account.
    const read = await t.admin({ method: 'GET', url: `/api/v1/admin/accounts/${answer.Account.Uid}` });
    expect(read.json().CurrentSubscription.Uid).toBe(answer.Subscription.Uid);
  });

  it('registers without a subscription ("Continue to checkout"), and with a trial plan when no payment is required', async () => {
    const noPlan = await register(t, registrationBody({ Nonce: await nonce(t), Subscription: null }));
    expect(noPlan.statusCode, noPlan.body).toBe(201);
    expect(noPlan.json()).toMatchObject({ Subscription: null, Invoice: null, Account: { CurrentSubscription: null } });
    // Academy monthly: a trial until 2027-01-01, nothing due now, no payment information required.
    const trial = await register(t, registrationBody({ Nonce: await nonce(t), Subscription: { Plan: { Uid: 'plan-academy-monthly' }, Quantity: 1, BillingRenewalTerm: 'Monthly' } }));
    expect(trial.statusCode, trial.body).toBe(201);
    expect(trial.json()).toMatchObject({ Invoice: null, Subscription: { Plan: { Uid: 'plan-academy-monthly' }, RenewalDate: '2027-01-01T00:00:00.000Z' } });
  });

  it('stores a password only as an argon2id hash, after checking it against the policy', async () => {
    const weak = await expectRefusedWithoutWrites(t, async () => register(t, registrationBody({ Nonce: await nonce(t) }, { Password: 'short' })), 400, 'Errors.ValidationFailed');
    expect(weak.FieldErrors.map((e) => e.ErrorCode)).toEqual(['Errors.PasswordTooShort', 'Errors.PasswordNeedsUpperLowerNumber', 'Errors.PasswordTooCommon']);
    const personal = await expectRefusedWithoutWrites(t, async () => register(t, registrationBody({ Nonce: await nonce(t) }, { Password: 'Lovelace12345' })), 400, 'Errors.PasswordContainsPersonalData');
    expect(personal.FieldErrors[0]!.Field).toBe('Person.Password');
    const res = await register(t, registrationBody({ Nonce: await nonce(t) }, { Password: 'Correct Horse 42' }));
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await rows(sql`select password_hash from people where uid = ${res.json().Person.Uid}`);
    expect(String(row!.password_hash)).toMatch(/^\$argon2id\$/);
    expect(await argon2Verify(String(row!.password_hash), 'Correct Horse 42')).toBe(true);
  });
});

describe('bad input: the spec\'s message, and nothing persisted', () => {
  it('every section 5 rule of the configured fields, the terms and the subscription, all in one answer', async () => {
    const body = registrationBody({
      Nonce: await nonce(t), TermsAccepted: false,
      Account: { Name: 'A', BillingAddress: { AddressLine1: '1 Main St', City: 'Springfield', PostalCode: '62701', Country: 'US' } },
      Subscription: { Plan: { Uid: 'plan-team' }, Quantity: 2, BillingRenewalTerm: 'Monthly' },
    }, { Email: 'not-an-email', LastName: '  ', FieldValues: { Role: 'astronaut' } });
    const refused = await expectRefusedWithoutWrites(t, () => register(t, body), 400, 'Errors.ValidationFailed');
    expect(refused.FieldErrors.map((e) => [e.Field, e.ErrorCode])).toEqual([
      ['Person.Email', 'Errors.InvalidEmail'],
      ['Person.LastName', 'Errors.Required'],
      ['Account.Name', 'Errors.TooShort'],
      ['Person.FieldValues.Role', 'Errors.InvalidValue'],
      ['Account.BillingAddress.State', 'Errors.Required'],
      ['TermsAccepted', 'Errors.Required'],
      ['Subscription.Quantity', 'Errors.QuantityBelowMinimum'],
    ]);
    expect(refused.FieldErrors[0]!.Message).toBe('Invalid email');
  });

  it('one rule broken gives that rule\'s code; a missing email is Errors.Email.required', async () => {
    const invalid = await expectRefusedWithoutWrites(t, async () => register(t, registrationBody({ Nonce: await nonce(t) }, { Email: 'ada@example' })), 400, 'Errors.InvalidEmail');
    expect(invalid.FieldErrors).toEqual([{ Field: 'Person.Email', ErrorCode: 'Errors.InvalidEmail', Message: 'Invalid email' }]);
    await expectRefusedWithoutWrites(t, async () => register(t, registrationBody({ Nonce: await nonce(t) }, { Email: '' })), 400, 'Errors.Email.required');
    await expectRefusedWithoutWrites(t, async () => register(t, registrationBody({ Nonce: await nonce(t), Subscription: { Plan: { Uid: 'plan-legacy' }, Quantity: 1, BillingRenewalTerm: 'Monthly' } })), 400, 'Errors.PlanNotAvailable');
    await expectRefusedWithoutWrites(t, async () => register(t, registrationBody({ Nonce: await nonce(t), Subscription: { Plan: { Uid: 'plan-nope' }, Quantity: 1, BillingRenewalTerm: 'Monthly' } })), 404, 'Errors.PlanNotFound');
    await expectRefusedWithoutWrites(t, async () => register(t, registrationBody({ Nonce: await nonce(t), Subscription: { Plan: { Uid: 'plan-free' }, Quantity: 1, BillingRenewalTerm: 'Monthly', DiscountCouponSubscriptions: [{ DiscountCoupon: { UniqueIdentifier: 'BLACKFRIDAY2020' } }] } })), 400, 'Errors.DiscountCodeExpired');
  });

  it("issue 15: a tax id not in its type's format is refused on the tax id input, by the registration and by validate", async () => {
    const account = (TaxIds: unknown) => ({ ...registrationBody().Account, TaxIds });
    const bad = await expectRefusedWithoutWrites(t, async () => register(t, registrationBody({ Nonce: await nonce(t), Account: account([{ TaxIdType: 'gb_vat', TaxId: 'GB980780685' }]) })), 400, 'Errors.InvalidTaxId');
    expect(bad.FieldErrors).toEqual([{ Field: 'Account.TaxIds.0.TaxId', ErrorCode: 'Errors.InvalidTaxId', Message: 'Enter a valid UK VAT number.' }]);
    await expectRefusedWithoutWrites(t, () => t.request({ method: 'POST', url: '/api/v1/crm/registrations/validate', payload: registrationBody({ Account: account([{ TaxIdType: 'eu_vat', TaxId: 'FR1' }]) }) }), 400, 'Errors.InvalidTaxId');
    expect((await register(t, registrationBody({ Nonce: await nonce(t), Account: account([{ TaxIdType: 'gb_vat', TaxId: 'GB980780684' }]) }))).statusCode).toBe(201);
  });

  it('an email already used, in any case, is 409 Errors.Duplicate on Person.Email', async () => {
    const first = registrationBody({ Nonce: await nonce(t) });
    expect((await register(t, first)).statusCode).toBe(201);
    const again = await expectRefusedWithoutWrites(t, async () => register(t, registrationBody({ Nonce: await nonce(t) }, { Email: first.Person.Email.toUpperCase() })), 409, 'Errors.Duplicate');
    expect(again.FieldErrors).toEqual([{ Field: 'Person.Email', ErrorCode: 'Errors.Duplicate', Message: 'An account with this email already exists.' }]);
  });

  it('a missing, unknown, reused or expired nonce is 400 Errors.InvalidNonce', async () => {
    const missing = await expectRefusedWithoutWrites(t, () => register(t, registrationBody()), 400, 'Errors.InvalidNonce');
    expect(missing.FieldErrors[0]!.Field).toBe('Nonce');
    await expectRefusedWithoutWrites(t, () => register(t, registrationBody({ Nonce: 'made-up-nonce-value' })), 400, 'Errors.InvalidNonce');
    const value = await nonce(t);
    expect((await register(t, registrationBody({ Nonce: value }))).statusCode).toBe(201);
    await expectRefusedWithoutWrites(t, () => register(t, registrationBody({ Nonce: value })), 400, 'Errors.InvalidNonce');
    t.clock.set(new Date('2026-03-15T12:00:00Z'));
    const old = await nonce(t);
    t.clock.set(new Date('2026-03-15T12:30:01Z')); // NONCE_TTL_MINUTES later
    await expectRefusedWithoutWrites(t, () => register(t, registrationBody({ Nonce: old })), 400, 'Errors.InvalidNonce');
    t.clock.set(new Date('2026-03-15T12:00:00Z'));
  });

  it('a failed registration leaves its nonce unused, so the corrected form can be sent with it', async () => {
    const value = await nonce(t);
    await expectRefusedWithoutWrites(t, () => register(t, registrationBody({ Nonce: value }, { Email: 'broken' })), 400, 'Errors.InvalidEmail');
    expect((await register(t, registrationBody({ Nonce: value }))).statusCode).toBe(201);
  });

  it('a confirmation link may only point to the company\'s sites (no open redirect)', async () => {
    const confirming = await createTestApp({ config: registrationConfig({ confirm: true }), database: undefined });
    try {
      const evil = await expectRefusedWithoutWrites(confirming, async () => register(confirming, registrationBody({ Nonce: await nonce(confirming) }), { query: `?confirmationUrl=${encodeURIComponent('https://evil.example/steal')}` }), 400, 'Errors.ValidationFailed');
      expect(evil.FieldErrors[0]!.Field).toBe('query.confirmationUrl');
      const ok = await register(confirming, registrationBody({ Nonce: await nonce(confirming) }), { query: `?confirmationUrl=${encodeURIComponent('http://localhost:3000/welcome')}` });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json()).toMatchObject({ RequiresConfirmation: true, Person: { EmailConfirmed: false } });
    } finally {
      await confirming.close();
    }
  });
});

describe('double submits', () => {
  it('a retried submit with the same Idempotency-Key replays the first answer and creates one account', async () => {
    const body = registrationBody({ Nonce: await nonce(t) });
    const first = await register(t, body, { key: body.Nonce });
    expect(first.statusCode, first.body).toBe(201);
    const before = await counts(t);
    const again = await register(t, body, { key: body.Nonce });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await counts(t)).toEqual(before);
    // The key with another request is refused before anything is checked or spent.
    const other = await expectRefusedWithoutWrites(t, () => register(t, { ...body, Account: { ...body.Account, Name: 'Difference Engines' } }, { key: body.Nonce }), 409, 'Errors.Conflict');
    expect(other.FieldErrors[0]!.Field).toBe('headers.idempotency-key');
  });

  it('concurrent identical submits create one account: with a key both get the answer, without one the twin is refused', async () => {
    const before = await counts(t);
    const keyed = registrationBody({ Nonce: await nonce(t) });
    const both = await Promise.all([register(t, keyed, { key: keyed.Nonce }), register(t, keyed, { key: keyed.Nonce })]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(both[0]!.json().Account.Uid).toBe(both[1]!.json().Account.Uid);
    const bare = registrationBody({ Nonce: await nonce(t) });
    const twins = await Promise.all([register(t, bare), register(t, bare)]);
    expect(twins.filter((r) => r.statusCode === 201)).toHaveLength(1);
    // The twin loses on the nonce (it waited on the row) or, if it started after the winner committed, on the email.
    const loser = twins.find((r) => r.statusCode !== 201)!;
    expect([[400, 'Errors.InvalidNonce'], [409, 'Errors.Duplicate']]).toContainEqual([loser.statusCode, loser.json().ErrorCode]);
    expect((await counts(t)).accounts).toBe(before.accounts! + 2);
  });
});

describe('validate, email-exists, nonce', () => {
  it('validate answers 200 without writing anything or using the nonce, and 400/409 like the registration would', async () => {
    const value = await nonce(t);
    const before = await counts(t);
    const ok = await t.request({ method: 'POST', url: '/api/v1/crm/registrations/validate', payload: registrationBody({ Nonce: value }) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ Result: true });
    expect(await counts(t)).toEqual(before);
    await expectRefusedWithoutWrites(t, () => t.request({ method: 'POST', url: '/api/v1/crm/registrations/validate', payload: registrationBody({}, { Email: 'x@' }) }), 400, 'Errors.InvalidEmail');
    expect((await register(t, registrationBody({ Nonce: value }))).statusCode).toBe(201);
  });

  it('email-exists says whether an account uses the email (any case); a malformed email is 400', async () => {
    const body = registrationBody({ Nonce: await nonce(t) });
    const ask = (email: string) => t.request({ method: 'GET', url: `/api/v1/crm/registrations/email-exists?email=${encodeURIComponent(email)}` });
    expect((await ask(body.Person.Email)).json()).toEqual({ Result: false });
    await register(t, body);
    expect((await ask(body.Person.Email.toUpperCase())).json()).toEqual({ Result: true });
    const bad = await ask('nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().ErrorCode).toBe('Errors.InvalidEmail');
  });

  it('a nonce is 32 random bytes stored only as its hash', async () => {
    const value = await nonce(t);
    expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await rows(sql`select 1 from nonces where value_hash = ${value}`)).toEqual([]);
  });

  it('sign-up closed in the config is 403 Errors.RegistrationClosed', async () => {
    const config = registrationConfig();
    const closed = await createTestApp({ config: { ...config, registration: { ...config.registration, enabled: false } } });
    try {
      await expectRefusedWithoutWrites(closed, async () => register(closed, registrationBody({ Nonce: await nonce(closed) })), 403, 'Errors.RegistrationClosed');
    } finally {
      await closed.close();
    }
  });
});

describe('RequiredWhenPaymentDue: the demo company\'s billing address (issue 15)', () => {
  const noAddress = (over: Record<string, unknown>) => {
    const body = registrationBody(over);
    const { BillingAddress: _dropped, ...account } = body.Account;
    return { ...body, Account: account };
  };

  it('a free sign-up without a billing address is accepted, and stores none', async () => {
    const res = await register(t, noAddress({ Nonce: await nonce(t) }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ Subscription: { Plan: { Uid: 'plan-free' } }, Account: { BillingAddress: null }, Invoice: null });
  });

  it('a paid sign-up without one is refused on Account.BillingAddress, before any payment is looked at', async () => {
    const paid = noAddress({ Nonce: await nonce(t), Subscription: { Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly' } });
    const refused = await expectRefusedWithoutWrites(t, () => register(t, paid), 400, 'Errors.ValidationFailed');
    expect(refused.FieldErrors.map((e) => e.Field)).toEqual(expect.arrayContaining(['Account.BillingAddress.AddressLine1', 'Account.BillingAddress.Country']));
    // A trial that bills later asks for it too (payment is due, if not today).
    const trial = noAddress({ Nonce: await nonce(t), Subscription: { Plan: { Uid: 'plan-academy-monthly' }, Quantity: 1, BillingRenewalTerm: 'Monthly' } });
    await expectRefusedWithoutWrites(t, () => register(t, trial), 400, 'Errors.ValidationFailed');
  });

  it('an address sent with a free sign-up is still checked', async () => {
    const body = registrationBody({ Nonce: await nonce(t) });
    const refused = await expectRefusedWithoutWrites(t, () => register(t, { ...body, Account: { ...body.Account, BillingAddress: { AddressLine1: '1 Main St', City: 'Springfield', PostalCode: '62701', Country: 'US' } } }), 400, 'Errors.Required');
    expect(refused.FieldErrors.map((e) => e.Field)).toEqual(['Account.BillingAddress.State']);
  });
});
