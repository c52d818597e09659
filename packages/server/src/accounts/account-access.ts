import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';

/**
 * The access rule of the signed-in area (spec 2 section 6, issue 8 item 6), in one place:
 * - a person reads only the account they are signed in to (the token's account, whose
 *   membership the guard checked against the live session);
 * - only that account's primary contact manages its team, billing and plan.
 * Another account's uid answers 404, not 403, so a guessed uid does not confirm that it exists.
 * The claims are trusted because every change of role (promotion, removal) ends the sessions
 * it affects (docs/auth.md), so a stale token cannot outlive its role.
 * The admin key (an operator, not a person) may read and manage any account: routes that take
 * either credential check with requireMemberOrAdmin / requirePrimaryOrAdmin.
 * Written out for readers in docs/auth.md "Who may call what".
 */
export type SignedIn = Extract<Caller, { kind: 'person' }>;
/** What a route answers for a uid that does not exist; another account's uid gets exactly this answer too. */
export interface NotFoundAnswer { code: ErrorCode; message?: string }
export const ACCOUNT_NOT_FOUND: NotFoundAnswer = { code: ErrorCode.NotFound, message: 'Account not found.' };
export const SUBSCRIPTION_NOT_FOUND: NotFoundAnswer = { code: ErrorCode.SubscriptionNotFound };

export type SignedInToAccount = SignedIn & { accountUid: string };

export function requirePerson(caller: Caller): SignedIn {
  if (caller.kind !== 'person') throw new AppError(ErrorCode.Unauthorized);
  return caller;
}

/** The caller's current account; 403 while a person with several accounts has not chosen one. */
export function requireAccount(caller: Caller): SignedInToAccount {
  const person = requirePerson(caller);
  if (!person.accountUid) throw new AppError(ErrorCode.Forbidden, 'Choose an account first.');
  return person as SignedInToAccount;
}

/**
 * A member of `accountUid` (when given) or of the current account. `notFound` is what the route
 * answers for a uid that does not exist (e.g. SUBSCRIPTION_NOT_FOUND), so another account's uid
 * gets the same code and message as an unknown one.
 */
export function requireMember(caller: Caller, accountUid?: string, notFound: NotFoundAnswer = ACCOUNT_NOT_FOUND): SignedInToAccount {
  const person = requireAccount(caller);
  if (accountUid !== undefined && accountUid !== person.accountUid) throw new AppError(notFound.code, notFound.message);
  return person;
}

/** The primary contact of `accountUid` (when given) or of the current account. */
export function requirePrimary(caller: Caller, accountUid?: string, notFound: NotFoundAnswer = ACCOUNT_NOT_FOUND): SignedInToAccount {
  const person = requireMember(caller, accountUid, notFound);
  if (!person.isPrimary) throw new AppError(ErrorCode.Forbidden, 'Only the account owner can do this.');
  return person;
}

/** Reading `accountUid`'s data (subscriptions, payment method, balance): the admin, or a member of it. */
export function requireMemberOrAdmin(caller: Caller, accountUid: string, notFound: NotFoundAnswer = ACCOUNT_NOT_FOUND): void {
  if (caller.kind !== 'admin') requireMember(caller, accountUid, notFound);
}

/** Changing `accountUid`'s plan, billing or payment method: the admin, or its primary contact. */
export function requirePrimaryOrAdmin(caller: Caller, accountUid: string, notFound: NotFoundAnswer = ACCOUNT_NOT_FOUND): void {
  if (caller.kind !== 'admin') requirePrimary(caller, accountUid, notFound);
}
