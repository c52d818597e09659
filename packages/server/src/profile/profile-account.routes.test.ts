import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { counts } from '../billing/billing-test-helpers.ts';
import { bearer, signedInMember, signedInOwner } from './profile-test-helpers.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ clock: '2026-03-15T12:00:00Z' }); });
afterAll(async () => { await t.close(); });

const get = (token: string, url: string) => t.request({ method: 'GET', url, headers: bearer(token) });
const putAccount = (token: string, payload: unknown) => t.request({ method: 'PUT', url: '/api/v1/profile/account', headers: bearer(token), payload: payload as object });
const accountRow = async () => ((await t.database.db.execute('select a.name, a.tax_ids, a.field_values, a.updated, b.* from accounts a left join addresses b on b.uid = a.billing_address_uid order by a.uid')) as { rows: unknown[] }).rows;
const billing = { AddressLine1: '1 Main St', City: 'Springfield', State: 'IL', PostalCode: '62701', Country: 'US' };

async function refusedWithoutWrites(send: () => Promise<{ statusCode: number; body: string; json: () => unknown }>, status: number, code: string) {
  const before = { counts: await counts(t), rows: await accountRow() };
  const res = await send();
  expect(res.statusCode, res.body).toBe(status);
  expect((res.json() as { ErrorCode: string }).ErrorCode).toBe(code);
  expect({ counts: await counts(t), rows: await accountRow() }).toEqual(before);
  return res.json() as { FieldErrors: { Field: string; ErrorCode: string }[] };
}

describe('GET /profile/accounts', () => {
  it('the person\'s own accounts with role, primary contact, subscriptions and payment facts; never another account', async () => {
    const owner = await signedInOwner(t, { Name: 'Analytical Engines' });
    const stranger = await signedInOwner(t, { Name: 'Stranger Things Ltd' });
    const res = await get(owner.token, '/api/v1/profile/accounts');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.metadata.total).toBe(1);
    expect(body.items[0]).toMatchObject({
      Uid: owner.accountUid, Name: 'Analytical Engines', IsPrimary: true, IsCurrent: true, AccountStage: null,
      PrimaryContact: { FirstName: 'Ada', LastName: 'Lovelace', Email: owner.email },
      CurrentSubscription: { Plan: { Uid: 'plan-starter', Name: 'Starter' }, EndDate: null, ExpirationDate: null, NewRequiredQuantity: null, IsPlanUpgradeRequired: false },
      LatestSubscription: { Plan: { Uid: 'plan-starter' } }, PaymentInformation: null,
    });
    expect(res.body).not.toContain(stranger.accountUid);
    expect(res.body).not.toContain(stranger.email);
    const member = await signedInMember(t, owner.accountUid);
    const mine = (await get(member.token, '/api/v1/profile/accounts?current=1&fields=Uid,IsPrimary,PrimaryContact.Email')).json();
    expect(mine.items).toEqual([{ Uid: owner.accountUid, IsPrimary: false, PrimaryContact: { Email: owner.email } }]);
    expect((await t.request({ method: 'GET', url: '/api/v1/profile/accounts' })).statusCode).toBe(401);
  });
});

describe('GET/PUT /profile/account', () => {
  it('members read the account; the plan\'s registration mode comes with it', async () => {
    const owner = await signedInOwner(t, { Subscription: { Plan: { Uid: 'plan-team' }, Quantity: 3 } });
    const member = await signedInMember(t, owner.accountUid);
    const res = await get(member.token, '/api/v1/profile/account');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Uid: owner.accountUid, Name: 'Acme Ltd', AccountRegistrationMode: 'Team', IsPrimary: false, TaxIds: [], BillingAddress: null });
    expect((await get(owner.token, '/api/v1/profile/account')).json()).toMatchObject({ IsPrimary: true });
  });

  it('a member may not save it: 403, nothing changed', async () => {
    const owner = await signedInOwner(t);
    const member = await signedInMember(t, owner.accountUid);
    await refusedWithoutWrites(() => putAccount(member.token, { Name: 'Taken over' }), 403, 'Errors.Forbidden');
  });

  it('the primary contact saves name, billing and mailing address (same as) and tax id', async () => {
    const owner = await signedInOwner(t);
    const res = await putAccount(owner.token, {
      Name: 'Engines & Co', BillingAddress: billing, MailingAddress: billing, TaxIds: [{ TaxIdType: 'us_ein', TaxId: '12-3456789' }],
      FieldValues: { Employees: '12' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = (await get(owner.token, '/api/v1/profile/account')).json();
    expect(saved).toMatchObject({
      Name: 'Engines & Co', BillingAddress: { ...billing, AddressLine2: null }, MailingAddress: { ...billing }, TaxId: '12-3456789', TaxIdType: 'us_ein',
      TaxIds: [{ TaxIdType: 'us_ein', TaxId: '12-3456789' }], FieldValues: { Employees: '12' }, AccountRegistrationMode: 'Individual',
    });
    expect(saved.BillingAddress.Uid).not.toBe(saved.MailingAddress.Uid);
    // A half tax id removes it (spec 2 section 5); an emptied mailing address is dropped.
    const cleared = await putAccount(owner.token, { TaxIds: [{ TaxIdType: 'us_ein', TaxId: '' }], MailingAddress: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ TaxIds: [], TaxId: null, MailingAddress: null, BillingAddress: { City: 'Springfield' } });
  });

  it('an invalid field fails the whole save: the valid address beside it is not written', async () => {
    const owner = await signedInOwner(t);
    const body = await refusedWithoutWrites(() => putAccount(owner.token, { Name: 'X', BillingAddress: billing, FieldValues: { Employees: '0' } }), 400, 'Errors.ValidationFailed');
    expect(body.FieldErrors.map((e) => e.Field).sort()).toEqual(['Account.FieldValues.Employees', 'Account.Name']);
    const noCity = await refusedWithoutWrites(() => putAccount(owner.token, { BillingAddress: { ...billing, City: '' } }), 400, 'Errors.Required');
    expect(noCity.FieldErrors[0]!.Field).toMatch(/^Account\.BillingAddress/);
  });

  it("issue 15: a tax id not in its type's format, or of a type the company does not offer, is refused on its input; nothing written", async () => {
    const owner = await signedInOwner(t);
    const bad = await refusedWithoutWrites(() => putAccount(owner.token, { TaxIds: [{ TaxIdType: 'eu_vat', TaxId: 'DE123' }] }), 400, 'Errors.InvalidTaxId');
    expect(bad.FieldErrors).toEqual([{ Field: 'Account.TaxIds.0.TaxId', ErrorCode: 'Errors.InvalidTaxId', Message: 'Enter a valid EU VAT number.' }]);
    const ein = await refusedWithoutWrites(() => putAccount(owner.token, { TaxIds: [{ TaxIdType: 'us_ein', TaxId: '00-1234567' }] }), 400, 'Errors.InvalidTaxId');
    expect(ein.FieldErrors[0]).toMatchObject({ Field: 'Account.TaxIds.0.TaxId', Message: 'Enter a valid US EIN.' });
    // The demo company offers eu_vat, gb_vat and us_ein: an Australian ABN, however well formed, is not one of them.
    const type = await refusedWithoutWrites(() => putAccount(owner.token, { TaxIds: [{ TaxIdType: 'au_abn', TaxId: '51 824 753 556' }] }), 400, 'Errors.InvalidValue');
    expect(type.FieldErrors[0]!.Field).toBe('Account.TaxIds.0.TaxIdType');
    const good = await putAccount(owner.token, { TaxIds: [{ TaxIdType: 'eu_vat', TaxId: 'DE136695976' }] });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ TaxIds: [{ TaxIdType: 'eu_vat', TaxId: 'DE136695976' }] });
  });

  it('issue 15: saving the account unchanged writes nothing (no address copied into the mailing one, no new rows)', async () => {
    const owner = await signedInOwner(t);
    expect((await putAccount(owner.token, { BillingAddress: billing, MailingAddress: null })).statusCode).toBe(200);
    const read = (await get(owner.token, '/api/v1/profile/account')).json();
    const before = { counts: await counts(t), rows: await accountRow() };
    const res = await putAccount(owner.token, { Name: read.Name, BillingAddress: read.BillingAddress, MailingAddress: read.MailingAddress, TaxIds: read.TaxIds, FieldValues: read.FieldValues });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ MailingAddress: null, BillingAddress: { City: 'Springfield' } });
    expect({ counts: await counts(t), rows: await accountRow() }).toEqual(before);
  });

  it('bad input: NUL, 1 MB, 1e308, __proto__, a fake account uid: 400 or ignored, never 500, never another account', async () => {
    const owner = await signedInOwner(t);
    const other = await signedInOwner(t, { Name: 'Other Co' });
    for (const payload of [
      { Name: 'N\u0000ul' }, { Name: 'x'.repeat(1_000_000) }, { FieldValues: { Employees: 1e308 } },
      JSON.parse('{"FieldValues":{"__proto__":{"x":1}}}'), { TaxIds: 'us_ein' }, { BillingAddress: 'Main St' },
    ]) {
      const before = await counts(t);
      const res = await putAccount(owner.token, payload);
      expect([400, 413], res.body.slice(0, 200)).toContain(res.statusCode);
      expect(await counts(t)).toEqual(before);
    }
    // The account is the token's: a uid in the body is not input.
    const res = await putAccount(owner.token, { Uid: other.accountUid, Name: 'Renamed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Uid).toBe(owner.accountUid);
    expect((await get(other.token, '/api/v1/profile/account')).json().Name).toBe('Other Co');
  });
});
