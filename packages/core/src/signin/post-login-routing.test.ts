import { describe, expect, it } from 'vitest';
import {
  NO_ACCOUNT_MESSAGE, NO_SUBSCRIPTION_MESSAGE, needsPaymentInformation, pickAccount, postLoginRoute, primaryContactName,
  sortAccountsForChoice, type RoutingAccount, type RoutingInput, type RoutingSubscription,
} from './post-login-routing.ts';

const NOW = new Date('2026-03-15T12:00:00Z');

const sub = (over: Partial<RoutingSubscription> = {}): RoutingSubscription => ({
  Uid: 'sub-1', StartDate: '2026-01-10T09:00:00Z', EndDate: null, ExpirationDate: null, Quantity: 1,
  NewRequiredQuantity: null, IsPlanUpgradeRequired: false, PlanUpgradeRequiredMessage: null, ...over,
});
const account = (over: Partial<RoutingAccount> = {}): RoutingAccount => ({
  Uid: 'acc-1', Name: 'Acme', ClientIdentifier: 'acme', AccountStage: null, IsPrimary: true,
  PrimaryContact: { FirstName: 'Ada', LastName: 'Lovelace', Email: 'ada@example.com' },
  CurrentSubscription: sub(), LatestSubscription: sub(), PaymentInformation: { LatestFailureDateTime: null, Updated: '2026-01-10T09:00:00Z' },
  ...over,
});
const route = (accounts: RoutingAccount[], over: Partial<RoutingInput<RoutingAccount>> = {}) =>
  postLoginRoute({ accounts, wanted: {}, flow: 'subscription', billingSystem: 'Native', now: NOW, ...over });

describe('account pick order', () => {
  const a = account({ Uid: 'a', ClientIdentifier: 'client-a' });
  const b = account({ Uid: 'b', ClientIdentifier: 'client-b' });
  it('the token claim first, then the only account, then the client identifier, then the account uid, else none', () => {
    expect(pickAccount([a, b], { tokenAccountUid: 'b', clientIdentifier: 'client-a' })).toBe(b);
    expect(pickAccount([a], { clientIdentifier: 'client-x' })).toBe(a);
    expect(pickAccount([a, b], { clientIdentifier: 'client-b', accountUid: 'a' })).toBe(b);
    expect(pickAccount([a, b], { clientIdentifier: 'nobody', accountUid: 'a' })).toBe(a);
    expect(pickAccount([a, b], { tokenAccountUid: 'gone' })).toBeNull();
    expect(pickAccount([], {})).toBeNull();
  });
});

describe('chooseAccount', () => {
  it('is shown when the account cannot be picked, sorted by name when names differ', () => {
    const r = route([account({ Uid: '1', Name: 'zeta' }), account({ Uid: '2', Name: 'Alpha' }), account({ Uid: '3', Name: 'beta' })]);
    expect(r.state).toBe('chooseAccount');
    expect(r.state === 'chooseAccount' && r.accounts.map((x) => x.Name)).toEqual(['Alpha', 'beta', 'zeta']);
  });
  it('by latest subscription start when the names are the same', () => {
    const older = account({ Uid: 'old', Name: 'Acme', CurrentSubscription: sub({ StartDate: '2025-01-01T00:00:00Z' }) });
    const newer = account({ Uid: 'new', Name: 'acme', CurrentSubscription: sub({ StartDate: '2026-02-01T00:00:00Z' }) });
    const none = account({ Uid: 'none', Name: 'Acme', CurrentSubscription: null, LatestSubscription: null });
    expect(sortAccountsForChoice([older, none, newer]).map((x) => x.Uid)).toEqual(['new', 'old', 'none']);
  });
});

describe('the messages back to login', () => {
  it('no account, and no subscription on the picked account', () => {
    expect(route([])).toEqual({ state: 'login', message: NO_ACCOUNT_MESSAGE, account: null });
    expect(NO_ACCOUNT_MESSAGE).toBe('No account was found for this user.');
    const bare = account({ CurrentSubscription: null, LatestSubscription: null });
    expect(route([bare])).toMatchObject({ state: 'login', message: 'No subscription was found for this account.' });
    expect(NO_SUBSCRIPTION_MESSAGE).toBe('No subscription was found for this account.');
  });
});

describe('the repair checks, in order', () => {
  const everything = account({
    AccountStage: 'PastDue', PaymentInformation: null,
    CurrentSubscription: null,
    LatestSubscription: sub({ EndDate: '2026-03-01T00:00:00Z', IsPlanUpgradeRequired: true, PlanUpgradeRequiredMessage: 'Pro needed', Quantity: 1, NewRequiredQuantity: 5 }),
  });
  it('expired first: selectPlan with Errors.SubscriptionExpired, next checkout', () => {
    expect(route([everything])).toMatchObject({
      state: 'selectPlan', reason: 'expired', errorCode: 'Errors.SubscriptionExpired', upgrade: false, nextState: 'checkout',
      message: 'Your subscription has expired, please choose a new plan.',
    });
    // An end later than now is not expired yet.
    expect(route([account({ CurrentSubscription: sub({ EndDate: '2026-03-16T00:00:00Z' }) })]).state).toBe('finish');
  });
  it('then a plan upgrade: selectPlan in upgrade mode with the server\'s message', () => {
    const a = { ...everything, LatestSubscription: { ...everything.LatestSubscription!, EndDate: null } };
    expect(route([a])).toMatchObject({ state: 'selectPlan', reason: 'planUpgrade', errorCode: 'Errors.SubscriptionPlanUpgradeRequired', upgrade: true, message: 'Pro needed' });
  });
  it('then the quantity: checkout with Errors.SubscriptionQuantityUpgradeRequired and newRequiredQuantity', () => {
    const a = { ...everything, LatestSubscription: sub({ Quantity: 2, NewRequiredQuantity: 5 }) };
    expect(route([a])).toMatchObject({ state: 'checkout', errorCode: 'Errors.SubscriptionQuantityUpgradeRequired', newRequiredQuantity: 5 });
    expect(route([{ ...a, AccountStage: null, LatestSubscription: sub({ Quantity: 5, NewRequiredQuantity: 5 }) }]).state).toBe('finish');
  });
  it('then past due with no card, or a failed card not updated since: updatePaymentInformation', () => {
    expect(route([account({ AccountStage: 'PastDue', PaymentInformation: null })])).toMatchObject({ state: 'updatePaymentInformation', errorCode: 'Errors.PaymentInformationRequired' });
    const failed = { LatestFailureDateTime: '2026-03-10T00:00:00Z', Updated: '2026-03-10T12:00:00Z' };
    expect(route([account({ AccountStage: 'PastDue', PaymentInformation: failed })]).state).toBe('updatePaymentInformation');
    // Updated more than a day after the failure: a new card; nothing to repair.
    const replaced = { LatestFailureDateTime: '2026-03-10T00:00:00Z', Updated: '2026-03-12T00:00:00Z' };
    expect(needsPaymentInformation({ AccountStage: 'PastDue', PaymentInformation: replaced })).toBe(false);
    expect(route([account({ AccountStage: 'PastDue', PaymentInformation: replaced })]).state).toBe('finish');
    // Not past due: a failed card alone does not stop the sign-in.
    expect(route([account({ PaymentInformation: failed })]).state).toBe('finish');
  });
});

describe('primary contact versus member', () => {
  const pastDue = account({ AccountStage: 'PastDue', PaymentInformation: null });
  it('a member of an account needing repair gets accountActionRequired naming the primary contact', () => {
    expect(route([{ ...pastDue, IsPrimary: false }])).toEqual({
      state: 'accountActionRequired', account: { ...pastDue, IsPrimary: false }, reason: 'paymentInformation', primaryContact: 'Ada Lovelace', portal: false,
    });
    const expired = account({ IsPrimary: false, CurrentSubscription: sub({ EndDate: '2026-01-01T00:00:00Z' }) });
    expect(route([expired])).toMatchObject({ state: 'accountActionRequired', reason: 'expired' });
  });
  it('with the provider\'s billing the owner of a past-due account gets the customer-portal variant', () => {
    expect(route([pastDue], { billingSystem: 'Stripe' })).toMatchObject({ state: 'accountActionRequired', portal: true, primaryContact: 'Ada Lovelace' });
  });
  it('the accounts flow: past due sends the primary contact to accountPastDue, members to accountActionRequired', () => {
    expect(route([pastDue], { flow: 'accounts' })).toMatchObject({ state: 'accountPastDue', reason: 'pastDue' });
    expect(route([{ ...pastDue, IsPrimary: false }], { flow: 'accounts' })).toMatchObject({ state: 'accountActionRequired', primaryContact: 'Ada Lovelace' });
    expect(route([account({ CurrentSubscription: null, LatestSubscription: null })], { flow: 'accounts' }).state).toBe('finish');
  });
  it('names the primary contact by name, else by email', () => {
    expect(primaryContactName({ PrimaryContact: { FirstName: ' ', LastName: null, Email: 'o@example.com' } })).toBe('o@example.com');
    expect(primaryContactName({ PrimaryContact: null })).toBeNull();
  });
});
