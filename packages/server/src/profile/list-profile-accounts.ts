import { requirePerson } from '../accounts/account-access.ts';
import { subscriptionToWire } from '../billing/billing.mappers.ts';
import { currentOf, latestOf } from '../billing/subscription-timeline.ts';
import type { Caller } from '../http/caller.ts';
import type { ProfileDeps } from './profile-deps.ts';
import type { AccountSummaryOut } from './profile.schemas.ts';

/**
 * GET /profile/accounts: every account the signed-in person belongs to, with the facts the
 * post-login routing reads (spec 2 section 4): the caller's role, the primary contact, the
 * current and latest subscription (expiry, plan and quantity upgrade flags) and the payment
 * information's last failure. Only the caller's own accounts: the query is by their person uid.
 * `current` keeps only the account the token is signed in to.
 */
export async function listProfileAccounts(deps: ProfileDeps, caller: Caller, onlyCurrent: boolean) {
  const me = requirePerson(caller);
  const now = deps.clock.now();
  const snapshot = await deps.snapshots.get();
  const links = (await deps.uow.profile.accountsOf(me.personUid)).filter((l) => !onlyCurrent || l.account.uid === me.accountUid);
  const items: AccountSummaryOut[] = await Promise.all(links.map(async ({ account, isPrimary }) => {
    const [contact, subs, payment] = await Promise.all([
      deps.uow.profile.primaryContact(account.uid), deps.uow.subscriptions.listForAccount(account.uid), deps.uow.profile.latestPaymentInformation(account.uid),
    ]);
    const current = currentOf(subs, now);
    const latest = latestOf(subs, now);
    return {
      Uid: account.uid, Name: account.name, ClientIdentifier: account.clientIdentifier, AccountStage: account.accountStage,
      IsPrimary: isPrimary, IsCurrent: account.uid === me.accountUid,
      PrimaryContact: contact ? { FirstName: contact.firstName, LastName: contact.lastName, Email: contact.email } : null,
      CurrentSubscription: current ? subscriptionToWire(current, snapshot, deps.currency, now) : null,
      LatestSubscription: latest ? subscriptionToWire(latest, snapshot, deps.currency, now) : null,
      PaymentInformation: payment ? { LatestFailureDateTime: payment.latestFailureDateTime?.toISOString() ?? null, Updated: payment.updated.toISOString() } : null,
    };
  }));
  return { metadata: { limit: -1, offset: 0, total: items.length }, items };
}
