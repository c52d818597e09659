import { expect } from 'vitest';
import { importCustomer } from '../billing/billing-test-helpers.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { newUid } from '../ids/new-uid.ts';
import { hashPassword } from '../passwords/password-hashing.ts';
import type { TestApp } from './create-test-app.ts';

/** The password every signed-in test person has. */
export const TEST_PASSWORD = 'correct horse battery staple';

let people = 0;
let clients = 0;
/** Each sign-in from its own address, so signInPerAddress (rate-limits.test.ts covers it) stays out of the way. */
const nextClient = () => `192.0.2.${(clients = (clients % 250) + 1)}`;

export interface SignedInPerson {
  uid: string; email: string; firstName: string; lastName: string; token: string;
  /** The PersonAccount uid (team routes name members by it); set for members added here. */
  linkUid?: string;
}
export interface TestCustomer {
  accountUid: string;
  /** The account answer of the admin import. */
  account: Record<string, unknown> & { Uid: string; CurrentSubscription: { Uid: string } };
  primary: SignedInPerson;
  /** A member who is not the primary contact (absent unless asked for). */
  member?: SignedInPerson;
}

/** Signs in over POST /api/v1/tokens and returns the access token. */
export async function signInAs(t: TestApp, email: string, password = TEST_PASSWORD, query = ''): Promise<string> {
  const res = await t.request({
    method: 'POST', url: `/api/v1/tokens${query}`, remoteAddress: nextClient(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: email, password }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A customer imported through the admin API (account, primary contact, subscription), whose
 * primary contact has a password and is signed in; with `member`, a second person linked to the
 * account as a plain member, signed in too. Names are unique per call so a test can look for
 * them in answers.
 */
export async function signedInCustomer(t: TestApp, opts: { member?: boolean; name?: string; subscription?: Record<string, unknown> } = {}): Promise<TestCustomer> {
  people += 1;
  const tag = `${people}${Date.now().toString(36)}`;
  const names = { firstName: `Ada${tag}`, lastName: `Owner${tag}` };
  const account = await importCustomer(t, {
    Name: opts.name ?? `Firm ${tag}`, Email: `owner-${tag}@example.com`, FirstName: names.firstName, LastName: names.lastName,
    ...(opts.subscription ? { Subscription: opts.subscription } : {}),
  });
  const repos = unitOfWork(t.database.db);
  const primaryUid = account.PrimaryContact.Uid as string;
  await repos.passwordHistory.replaceHash(primaryUid, await hashPassword(TEST_PASSWORD), t.clock.now());
  const primaryEmail = account.PrimaryContact.Email as string;
  const primary = { uid: primaryUid, email: primaryEmail, ...names, token: await signInAs(t, primaryEmail) };
  const customer: TestCustomer = { accountUid: account.Uid, account, primary };
  if (opts.member) customer.member = await addMember(t, account.Uid, `${tag}`);
  return customer;
}

/** A person linked to the account as a plain member (not primary), with a password, signed in. */
export async function addMember(t: TestApp, accountUid: string, tag = `${(people += 1)}${Date.now().toString(36)}`): Promise<SignedInPerson> {
  const repos = unitOfWork(t.database.db);
  const m = { uid: newUid(), email: `member-${tag}@example.com`, firstName: `Mel${tag}`, lastName: `Member${tag}` };
  await repos.people.insert({ uid: m.uid, email: m.email, firstName: m.firstName, lastName: m.lastName, emailConfirmed: t.clock.now() });
  const linkUid = newUid();
  await repos.people.link({ uid: linkUid, personUid: m.uid, accountUid, isPrimary: false, receiveInvoices: false });
  await repos.passwordHistory.replaceHash(m.uid, await hashPassword(TEST_PASSWORD), t.clock.now());
  return { ...m, linkUid, token: await signInAs(t, m.email) };
}
