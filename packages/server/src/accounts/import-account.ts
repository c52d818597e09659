import { ACCOUNT_TYPES, ErrorCode, isValidEmail } from '@portico/core';
import type { BillingDeps } from '../billing/billing-deps.ts';
import { resolveSubscriptionRequest } from '../billing/resolve-subscription-request.ts';
import { newSubscriptionRow } from '../billing/new-subscription-row.ts';
import { AppError, fieldError, validationError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { isUniqueViolation } from '../http/database-errors.ts';
import { newUid } from '../ids/new-uid.ts';
import type { ImportAccountInput } from './accounts.schemas.ts';
import { getAccount, type WireAccount } from './get-account.ts';

const duplicate = () => new AppError(ErrorCode.Duplicate, undefined, [fieldError('PrimaryContact.Email', ErrorCode.Duplicate)]);

/**
 * POST /admin/accounts/import: creates the account, its primary person and the
 * subscription they already have (StartDate may be in the past; periods are
 * counted from it, or from the trial end) in one transaction. The coupon counts
 * as redeemed at the StartDate. Plans no longer offered are allowed (legacy customers).
 */
export async function importAccount(deps: BillingDeps, caller: Caller, body: ImportAccountInput): Promise<WireAccount> {
  if (caller.kind !== 'admin') throw new AppError(ErrorCode.Forbidden);
  const now = deps.clock.now();
  const email = body.PrimaryContact.Email;
  if (!isValidEmail(email)) throw validationError([fieldError('PrimaryContact.Email', ErrorCode.InvalidEmail)], ErrorCode.InvalidEmail);
  const snapshot = await deps.snapshots.get();
  const start = new Date(body.Subscription.StartDate);
  const req = prefixed(() => resolveSubscriptionRequest(body.Subscription, snapshot, {
    now, allowInactivePlan: true, redeemAt: Number.isNaN(start.getTime()) ? now : start,
  }));
  if (start.getTime() > now.getTime()) {
    throw validationError([fieldError('Subscription.StartDate', ErrorCode.InvalidValue, 'StartDate must not be after now: schedule changes with changesubscription.')]);
  }
  const accountUid = newUid();
  const subscriptionUid = newUid();
  try {
    await deps.uow.transaction(async (repos) => {
      if (await repos.people.emailTaken(email)) throw duplicate();
      const b = body.BillingAddress;
      await repos.accounts.insert({
        uid: accountUid, name: body.Name, taxStatus: body.TaxStatus ?? null,
        accountType: req.plan.AccountRegistrationMode === 'Team' ? ACCOUNT_TYPES.Team : ACCOUNT_TYPES.Individual,
        billingAddress: b ? {
          uid: newUid(), addressLine1: b.AddressLine1 ?? null, addressLine2: b.AddressLine2 ?? null, addressLine3: b.AddressLine3 ?? null,
          city: b.City ?? null, state: b.State ?? null, postalCode: b.PostalCode ?? null, country: b.Country ?? null,
        } : null,
      });
      const personUid = newUid();
      // The operator brings existing customers and vouches for their addresses: imported people count as confirmed
      // (a sign-in never waits for a confirmation they were never sent; docs/auth.md "Unconfirmed email").
      await repos.people.insert({ uid: personUid, email, firstName: body.PrimaryContact.FirstName, lastName: body.PrimaryContact.LastName, emailConfirmed: now });
      await repos.people.link({ uid: newUid(), personUid, accountUid, isPrimary: true, receiveInvoices: true });
      await repos.subscriptions.insert(newSubscriptionRow(req, { uid: subscriptionUid, accountUid, start, now }));
    });
  } catch (err) {
    if (isUniqueViolation(err, 'people_email_idx')) throw duplicate(); // a concurrent import of the same email
    throw err;
  }
  const account = await getAccount(deps, caller, accountUid);
  if (!account) throw new AppError(ErrorCode.SystemError);
  return account;
}

/** Field errors of the subscription part point into the import body ("Subscription.Quantity"). */
function prefixed<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof AppError && err.fieldErrors.length) {
      throw new AppError(err.code, err.message, err.fieldErrors.map((e) => ({ ...e, Field: `Subscription.${e.Field}` })), err.status);
    }
    throw err;
  }
}
