import { expect } from 'vitest';
import type { TestApp } from '../testing/create-test-app.ts';
import { importCustomer } from '../billing/billing-test-helpers.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { hashPassword } from '../passwords/password-hashing.ts';

export const PASSWORD = 'correct horse battery staple';
export const PEOPLE = '/api/v1/profile/account/people';

let client = 0;
/** Each request from its own address, so the per-address limits stay out of the way (rate limits are tested on purpose). */
export const nextAddress = () => `203.0.113.${(client = (client % 250) + 1)}`;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function login(t: TestApp, username: string, password = PASSWORD): Promise<string> {
  const res = await t.request({
    method: 'POST', url: '/api/v1/tokens', remoteAddress: nextAddress(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ username, password }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

export async function setPassword(t: TestApp, personUid: string, password = PASSWORD): Promise<void> {
  const uow = unitOfWork(t.database.db);
  await uow.passwordHistory.replaceHash(personUid, await hashPassword(password), t.clock.now());
  // As accepting the invitation's link would: it confirms the address (sign-in waits for that, docs/auth.md "Unconfirmed email").
  await uow.people.confirmEmail(personUid, t.clock.now());
}

/** An account on the per-seat Team plan (or another), its owner signed in. */
export async function teamOwner(t: TestApp, over: { plan?: string; quantity?: number } = {}) {
  const account = await importCustomer(t, { Subscription: { Plan: { Uid: over.plan ?? 'plan-team' }, Quantity: over.quantity ?? 3 } });
  const owner = account.PrimaryContact as { Uid: string; Email: string };
  await setPassword(t, owner.Uid);
  return { accountUid: account.Uid as string, owner, token: await login(t, owner.Email) };
}

export function invite(t: TestApp, token: string, body: Record<string, unknown>, opts: { key?: string; query?: string; address?: string } = {}) {
  return t.request({
    method: 'POST', url: `${PEOPLE}${opts.query ?? ''}`, payload: body, remoteAddress: opts.address ?? nextAddress(),
    headers: { ...bearer(token), ...(opts.key ? { 'idempotency-key': opts.key } : {}) },
  });
}

let invited = 0;
/** Invites a fresh person, gives them a password, signs them in; returns their link and token. */
export async function member(t: TestApp, ownerToken: string, names: { FirstName?: string; LastName?: string } = {}) {
  invited += 1;
  const email = `member${invited}-${Date.now()}@example.com`;
  const res = await invite(t, ownerToken, { Email: email, ...names });
  expect(res.statusCode, res.body).toBe(201);
  const link = res.json() as { Uid: string; Person: { Uid: string; Email: string } };
  await setPassword(t, link.Person.Uid);
  return { link, email, token: await login(t, email) };
}

export const whoAmI = (t: TestApp, token: string) => t.request({ method: 'GET', url: '/api/v1/auth/session', headers: bearer(token) });
