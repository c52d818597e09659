import { ErrorCode } from '../errors/error-codes.ts';
import { defaultMessages } from '../errors/default-messages.ts';
import { isFailureStale } from '../payments/card-rules.ts';
import { displayName } from '../profile/display-name.ts';

/**
 * Post-login routing (spec 2 section 4, "Post-login routing: accounts flow" and "subscription
 * flow"): which account a sign-in lands in, and whether that account must be repaired first.
 * Pure: the accounts come from GET /profile/accounts, the clock is passed in.
 */

export const NO_ACCOUNT_MESSAGE = 'No account was found for this user.';
export const NO_SUBSCRIPTION_MESSAGE = 'No subscription was found for this account.';

/** The subscription facts routing reads (a subset of the wire Subscription). */
export interface RoutingSubscription {
  Uid: string;
  StartDate: string;
  EndDate: string | null;
  ExpirationDate?: string | null;
  Quantity: number;
  NewRequiredQuantity: number | null;
  IsPlanUpgradeRequired: boolean;
  PlanUpgradeRequiredMessage: string | null;
}

/** One of the person's accounts as GET /profile/accounts describes it. */
export interface RoutingAccount {
  Uid: string;
  Name: string;
  ClientIdentifier: string | null;
  AccountStage: string | null;
  /** The signed-in person's role: the primary contact repairs, other members are told who can. */
  IsPrimary: boolean;
  PrimaryContact: { FirstName: string | null; LastName: string | null; Email: string } | null;
  CurrentSubscription: RoutingSubscription | null;
  LatestSubscription: RoutingSubscription | null;
  PaymentInformation: { LatestFailureDateTime: string | null; Updated: string } | null;
}

export interface AccountWanted {
  /** The token's account claim (a reissue with accountUid, or the server's only account). */
  tokenAccountUid?: string | null | undefined;
  /** The host page's hint: the account's client identifier or uid. */
  clientIdentifier?: string | null | undefined;
  accountUid?: string | null | undefined;
}

/**
 * The account to sign in to: the token's claim, else the only account, else the one the host
 * names by client identifier or uid; null means the person chooses (chooseAccount).
 */
export function pickAccount<A extends Pick<RoutingAccount, 'Uid' | 'ClientIdentifier'>>(accounts: readonly A[], wanted: AccountWanted): A | null {
  const byUid = (uid: string | null | undefined) => (uid ? accounts.find((a) => a.Uid === uid) ?? null : null);
  const fromToken = byUid(wanted.tokenAccountUid);
  if (fromToken) return fromToken;
  if (accounts.length === 1) return accounts[0]!;
  if (wanted.clientIdentifier) {
    const byClient = accounts.find((a) => a.ClientIdentifier === wanted.clientIdentifier);
    if (byClient) return byClient;
  }
  return byUid(wanted.accountUid);
}

const latestStart = (a: Pick<RoutingAccount, 'CurrentSubscription' | 'LatestSubscription'>) => {
  const s = a.CurrentSubscription ?? a.LatestSubscription;
  return s ? Date.parse(s.StartDate) : Number.NEGATIVE_INFINITY;
};

/** chooseAccount's order: by name when the names differ, otherwise the latest subscription start first. */
export function sortAccountsForChoice<A extends Pick<RoutingAccount, 'Name' | 'CurrentSubscription' | 'LatestSubscription'>>(accounts: readonly A[]): A[] {
  const names = new Set(accounts.map((a) => a.Name.trim().toLocaleLowerCase()));
  const byStart = (a: A, b: A) => latestStart(b) - latestStart(a);
  if (names.size <= 1) return [...accounts].sort(byStart);
  return [...accounts].sort((a, b) => a.Name.localeCompare(b.Name, undefined, { sensitivity: 'base' }) || byStart(a, b));
}

/** "First Last" of the primary contact, else their email; null when the account has none. */
export function primaryContactName(account: Pick<RoutingAccount, 'PrimaryContact'>): string | null {
  const c = account.PrimaryContact;
  return c ? displayName(c.FirstName, c.LastName, c.Email) : null;
}

export type RepairReason = 'expired' | 'planUpgrade' | 'quantityUpgrade' | 'paymentInformation' | 'pastDue';

export type PostLoginRoute<A extends RoutingAccount = RoutingAccount> =
  /** Back to login with the message (no account, or no subscription). */
  | { state: 'login'; message: typeof NO_ACCOUNT_MESSAGE | typeof NO_SUBSCRIPTION_MESSAGE; account: A | null }
  | { state: 'chooseAccount'; accounts: A[] }
  | { state: 'selectPlan'; account: A; reason: 'expired' | 'planUpgrade'; errorCode: ErrorCode; message: string; upgrade: boolean; nextState?: 'checkout' }
  | { state: 'checkout'; account: A; reason: 'quantityUpgrade'; errorCode: ErrorCode; message: string; newRequiredQuantity: number }
  | { state: 'updatePaymentInformation'; account: A; reason: 'paymentInformation'; errorCode: ErrorCode; message: string }
  /** Only the primary contact can fix it. */
  | { state: 'accountPastDue'; account: A; reason: RepairReason }
  /** Names the primary contact; `portal` when the payment provider bills (its customer portal fixes it). */
  | { state: 'accountActionRequired'; account: A; reason: RepairReason; primaryContact: string | null; portal: boolean }
  /** Nothing to repair: finishing login (spec 2 section 4) follows. */
  | { state: 'finish'; account: A };

export interface RoutingInput<A extends RoutingAccount> {
  accounts: readonly A[];
  wanted: AccountWanted;
  /** 'subscription' checks the subscription and card; 'accounts' only the account's stage. */
  flow: 'accounts' | 'subscription';
  /** 'Stripe': the provider bills, so a past-due account is fixed in its customer portal. */
  billingSystem: 'Native' | 'Stripe';
  now: Date;
}

const message = (code: ErrorCode) => defaultMessages[code] ?? code;
const passed = (iso: string | null | undefined, now: Date) => iso !== null && iso !== undefined && Date.parse(iso) <= now.getTime();

/** The subscription in force, else the latest; its end (or expiration) passed means expired. */
export function isSubscriptionExpired(s: RoutingSubscription, now: Date): boolean {
  return passed(s.EndDate, now) || passed(s.ExpirationDate, now);
}

/** Past due with no card on file, or a card that failed and was not updated since (core's 1-day staleness rule). */
export function needsPaymentInformation(a: Pick<RoutingAccount, 'AccountStage' | 'PaymentInformation'>): boolean {
  if (a.AccountStage !== 'PastDue') return false;
  const card = a.PaymentInformation;
  if (!card) return true;
  if (!card.LatestFailureDateTime) return false;
  return !isFailureStale(new Date(card.Updated), new Date(card.LatestFailureDateTime));
}

function repairFor<A extends RoutingAccount>(account: A, input: RoutingInput<A>): PostLoginRoute<A> | null {
  const sub = account.CurrentSubscription ?? account.LatestSubscription;
  if (!sub) return { state: 'login', message: NO_SUBSCRIPTION_MESSAGE, account };
  if (isSubscriptionExpired(sub, input.now)) {
    return { state: 'selectPlan', account, reason: 'expired', errorCode: ErrorCode.SubscriptionExpired, message: message(ErrorCode.SubscriptionExpired), upgrade: false, nextState: 'checkout' };
  }
  if (sub.IsPlanUpgradeRequired) {
    return {
      state: 'selectPlan', account, reason: 'planUpgrade', errorCode: ErrorCode.SubscriptionPlanUpgradeRequired,
      message: sub.PlanUpgradeRequiredMessage?.trim() || message(ErrorCode.SubscriptionPlanUpgradeRequired), upgrade: true,
    };
  }
  if (sub.NewRequiredQuantity !== null && sub.Quantity < sub.NewRequiredQuantity) {
    return {
      state: 'checkout', account, reason: 'quantityUpgrade', errorCode: ErrorCode.SubscriptionQuantityUpgradeRequired,
      message: message(ErrorCode.SubscriptionQuantityUpgradeRequired), newRequiredQuantity: sub.NewRequiredQuantity,
    };
  }
  if (needsPaymentInformation(account)) {
    return { state: 'updatePaymentInformation', account, reason: 'paymentInformation', errorCode: ErrorCode.PaymentInformationRequired, message: message(ErrorCode.PaymentInformationRequired) };
  }
  return null;
}

/**
 * Where a sign-in goes next. The account is picked (or chosen); then, in the subscription flow,
 * the checks run in the spec's order (expired, plan upgrade, quantity upgrade, payment
 * information); in the accounts flow only a past-due stage counts. Only the primary contact is
 * sent to a repair state; other members get accountActionRequired naming the primary contact.
 */
export function postLoginRoute<A extends RoutingAccount>(input: RoutingInput<A>): PostLoginRoute<A> {
  if (input.accounts.length === 0) return { state: 'login', message: NO_ACCOUNT_MESSAGE, account: null };
  const account = pickAccount(input.accounts, input.wanted);
  if (!account) return { state: 'chooseAccount', accounts: sortAccountsForChoice(input.accounts) };
  const member = (reason: RepairReason): PostLoginRoute<A> => ({
    state: 'accountActionRequired', account, reason, primaryContact: primaryContactName(account), portal: false,
  });

  if (input.flow === 'accounts') {
    if (account.AccountStage !== 'PastDue') return { state: 'finish', account };
    return account.IsPrimary ? { state: 'accountPastDue', account, reason: 'pastDue' } : member('pastDue');
  }

  const repair = repairFor(account, input);
  if (!repair) return { state: 'finish', account };
  if (repair.state === 'login') return repair;
  const reason = (repair as { reason: RepairReason }).reason;
  if (!account.IsPrimary) return member(reason);
  // The provider's billing: its customer portal holds the card, so the owner is sent there.
  if (input.billingSystem === 'Stripe' && reason === 'paymentInformation') {
    return { state: 'accountActionRequired', account, reason, primaryContact: primaryContactName(account), portal: true };
  }
  return repair;
}
