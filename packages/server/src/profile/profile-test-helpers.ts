import { expect } from 'vitest';
import { importCustomer, type ImportOverrides } from '../billing/billing-test-helpers.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { newUid } from '../ids/new-uid.ts';
import { hashPassword } from '../passwords/password-hashing.ts';
import type { TestApp } from '../testing/create-test-app.ts';

export const PASSWORD = 'correct horse battery staple';
let hash: Promise<string> | null = null;
let client = 0;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs in over POST /tokens, each time from its own address (the per-address limit stays out of the way). */
export async function signInAs(t: TestApp, email: string, accountUid?: string): Promise<string> {
  const res = await t.request({
    method: 'POST', url: `/api/v1/tokens${accountUid ? `?accountUid=${accountUid}` : ''}`, remoteAddress: `198.51.100.${(client += 1) % 250}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: email, password: PASSWORD }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

/** A customer (account, primary contact, subscription) signed in as its primary contact. */
export async function signedInOwner(t: TestApp, over: ImportOverrides = {}) {
  const account = await importCustomer(t, over);
  const personUid = account.PrimaryContact.Uid as string;
  hash ??= hashPassword(PASSWORD);
  await unitOfWork(t.database.db).passwordHistory.replaceHash(personUid, await hash, t.clock.now());
  const email = account.PrimaryContact.Email as string;
  return { account, accountUid: account.Uid as string, personUid, email, token: await signInAs(t, email) };
}

/** A second person on the account, not its primary contact, signed in to it. */
export async function signedInMember(t: TestApp, accountUid: string, extra: { oauthGoogleProfileId?: string } = {}) {
  const uow = unitOfWork(t.database.db);
  const personUid = newUid();
  const email = `member-${personUid}@example.com`;
  hash ??= hashPassword(PASSWORD);
  await uow.people.insert({ uid: personUid, email, firstName: 'Grace', lastName: 'Hopper', passwordHash: await hash, oauthGoogleProfileId: extra.oauthGoogleProfileId ?? null, emailConfirmed: t.clock.now() });
  await uow.people.link({ uid: newUid(), personUid, accountUid, isPrimary: false, receiveInvoices: false });
  return { personUid, email, token: await signInAs(t, email, accountUid) };
}

/** A multipart body with one file part (and the JSON part the widget's client adds). */
export function multipartPhoto(bytes: Buffer, filename: string, part = 'profileImage', contentType = 'image/png') {
  const boundary = `----portico${newUid()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="profile"\r\n\r\n{}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
