import { ErrorCode } from '@portico/core';
import { accountEntries, editableFields } from '@portico/core/profile/profile-fields';
import { requireMember, requirePrimary } from '../accounts/account-access.ts';
import { currentOf, latestOf } from '../billing/subscription-timeline.ts';
import { subscriptionToWire } from '../billing/billing.mappers.ts';
import type { Repositories } from '../unit-of-work.ts';
import { AppError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { newUid } from '../ids/new-uid.ts';
import { sameSubmission, valuesFromPayload } from '@portico/core/fields/index';
import { checkEdit } from './check-edit.ts';
import { fieldRuleOptions } from '../fields/field-rule-options.ts';
import type { ProfileDeps } from './profile-deps.ts';
import { accountPayload, addressToWire, storedAddress } from './profile.mappers.ts';
import type { AccountChanges } from './profile.repository.ts';
import type { AccountInput, ProfileAccountOut } from './profile.schemas.ts';

type Reader = Pick<Repositories, 'profile' | 'subscriptions'>;

async function readAccount(deps: ProfileDeps, repos: Reader, accountUid: string, isPrimary: boolean): Promise<ProfileAccountOut> {
  const account = await repos.profile.account(accountUid);
  if (!account) throw new AppError(ErrorCode.NotFound);
  const subs = await repos.subscriptions.listForAccount(accountUid);
  const now = deps.clock.now();
  const current = currentOf(subs, now);
  const latest = latestOf(subs, now);
  const sub = current ?? latest;
  const snapshot = await deps.snapshots.get();
  const plan = sub ? snapshot.plans.get(sub.planUid) : undefined;
  const currency = deps.currency;
  return {
    Uid: account.uid, Name: account.name, ClientIdentifier: account.clientIdentifier, DomainName: account.domainName,
    AccountStage: account.accountStage, AccountType: account.accountType, TaxStatus: account.taxStatus,
    BillingAddress: addressToWire(account.billingAddress), MailingAddress: addressToWire(account.mailingAddress),
    TaxId: account.taxIds[0]?.TaxId ?? null, TaxIdType: account.taxIds[0]?.TaxIdType ?? null, TaxIds: account.taxIds,
    FieldValues: account.fieldValues, AccountRegistrationMode: plan?.AccountRegistrationMode ?? null, IsPrimary: isPrimary,
    CurrentSubscription: current ? subscriptionToWire(current, snapshot, currency, now) : null,
    LatestSubscription: latest ? subscriptionToWire(latest, snapshot, currency, now) : null,
  };
}

/** GET /profile/account: the account the caller is signed in to (any member may read it). */
export async function getProfileAccount(deps: ProfileDeps, caller: Caller): Promise<ProfileAccountOut> {
  const me = requireMember(caller);
  return readAccount(deps, deps.uow, me.accountUid, me.isPrimary === true);
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * PUT /profile/account: the primary contact changes the account's editable fields (the
 * company's account configuration: name, addresses, tax id, its own fields), checked with core's
 * field rules; a member gets 403. One transaction: nothing is half-saved.
 */
export async function updateProfileAccount(deps: ProfileDeps, caller: Caller, body: AccountInput): Promise<ProfileAccountOut> {
  const me = requirePrimary(caller);
  const fields = editableFields(accountEntries(await deps.uow.fields.configuration('account')));
  // Read before the transaction: the catalogue is never read inside one (PGlite has a single connection).
  await deps.snapshots.get();
  return deps.uow.transaction(async (repos) => {
    await repos.profile.lockAccount(me.accountUid);
    const account = await repos.profile.account(me.accountUid);
    if (!account) throw new AppError(ErrorCode.NotFound);
    const stored = accountPayload(account);
    const submitted = checkEdit('Account', fields, stored, body as Record<string, unknown>, fieldRuleOptions(deps.taxIdTypes));
    // The same data sent back (an edit saved unchanged) writes nothing: no new address rows, no 'updated'.
    if (sameSubmission(fields, valuesFromPayload(fields, { Account: stored }), valuesFromPayload(fields, { Account: submitted }))) {
      return readAccount(deps, repos, account.uid, true);
    }
    const changes: AccountChanges = {};
    const fieldValues = { ...account.fieldValues };
    for (const field of fields) {
      const [, key, name] = field.path.split('.');
      const value = key === 'FieldValues' ? (submitted.FieldValues as Record<string, unknown> | undefined)?.[name!] : submitted[key!];
      if (key === 'FieldValues') fieldValues[name!] = value;
      else if (key === 'BillingAddress') changes.billingAddress = storedAddress(value);
      else if (key === 'MailingAddress') changes.mailingAddress = storedAddress(value);
      else if (key === 'TaxIds') changes.taxIds = Array.isArray(value) ? (value as { TaxIdType: string; TaxId: string }[]) : [];
      // accounts.name is required: an optional, emptied name keeps the stored one.
      else if (key === 'Name') changes.name = text(value) ?? account.name;
      else if (key === 'ClientIdentifier') changes.clientIdentifier = text(value);
      else if (key === 'DomainName') changes.domainName = text(value);
    }
    changes.fieldValues = fieldValues;
    await repos.profile.updateAccount(account.uid, changes, deps.clock.now(), newUid);
    return readAccount(deps, repos, account.uid, true);
  });
}
