import { afterAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { pay } from '../payments/payments-test-helpers.ts';
import { createTestApp } from '../testing/create-test-app.ts';
import { fingerprinter } from '../testing/db-fingerprint.ts';
import { RATE_LIMITS } from '../features.ts';
import { newUid } from '../ids/new-uid.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { addMember, bearer, signInAs, signedInCustomer, TEST_PASSWORD, type TestCustomer } from '../testing/signed-in-test-helpers.ts';

/**
 * Issue 8 "Must show": the access-control matrix. Every operation of the app's own OpenAPI
 * document under /api/v1/profile, /api/v1/billing, or with 'subscriptions' in its path, is
 * called by four callers: anonymous, a member of account A (not primary), A's primary contact,
 * and the primary contact of another account B. The requests name A's uids. Expected:
 * anonymous 401; B's primary 404 where the request names A's uid (an unknown uid's answer), or
 * its own data where the route has no uid to name; A's member 403 on owner-only routes; A's
 * primary allowed. A refusal changes no table, and no answer carries the other account's uids,
 * emails or names. The operations are read from the document when the test runs, so a route
 * added later without a row below fails here, by name (docs/auth.md "Who may call what").
 */

type Role = 'anonymous' | 'otherPrimary' | 'member' | 'primary';
/** Who the route is for: the signed-in person's own data, any member of the account, or its primary contact only. */
type Access = 'self' | 'member' | 'primary' | 'adminKey' | 'public';

interface Seed {
  a: TestCustomer & { member: NonNullable<TestCustomer['member']> };
  b: TestCustomer;
  /** A second member of A, removed by the team DELETE row. */
  leaver: { uid: string; linkUid?: string | undefined };
  /** A pending invitation to A: mailed again, then withdrawn, by the invitation rows. */
  invitee: { uid: string; linkUid: string };
  /** A setup intent made for A (cancel-intent). */
  intentSecret: string;
  /** A completed setup intent made for A (saving a payment method). */
  completedSecret: string;
}

interface Row {
  access: Access;
  /** B's primary: 404 when the request names A's uid; `own` when the route acts on the caller's own person or account. */
  other: 404 | 'own';
  /** What A's primary contact gets (and A's member, on member and self routes, unless `member` says otherwise). */
  allowed: number;
  member?: number;
  /** What B's primary gets on an `own` route, when not `allowed`. */
  own?: number;
  request: (s: Seed) => InjectOptions | Promise<InjectOptions>;
  /** Why a status other than 2xx is the allowed answer. */
  note?: string;
}

const A_PLAN = { Plan: { Uid: 'plan-starter' }, Quantity: 5, BillingRenewalTerm: 'Monthly' };
// A 1×1 PNG: the photo route checks the bytes, not the name.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const BOUNDARY = 'matrix-boundary';
const photoUpload = (): Pick<InjectOptions, 'headers' | 'payload'> => ({
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  payload: Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="profileImage"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG, Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]),
});

/** Public routes of these prefixes, listed on purpose: the sign-up widget calls them before any account exists. */
const PUBLIC = [
  'GET /api/v1/billing/plans', 'GET /api/v1/billing/plans/{id}', 'GET /api/v1/billing/planfamilies', 'GET /api/v1/billing/addons/{id}',
  'GET /api/v1/billing/tax/tax-id-types',
  'POST /api/v1/billing/subscriptions/compute-charge-summary', 'POST /api/v1/billing/subscriptions/compute-renewal-summary',
  'GET /api/v1/billing/paymentinformation/configuration',
  // The email change's two links (issue 12): the mailed token is the credential.
  'POST /api/v1/profile/email/confirm', 'POST /api/v1/profile/email/undo',
  // The invoice PDF (issue 16): the short-lived download token in the query is the credential, minted by the member-only download route.
  'GET /api/v1/billing/invoices/{Uid}/pdf',
  // Email-list preferences (issue 18 lists): the mailed person token is the credential, never a session (email-lists.routes.test.ts).
  'GET /api/v1/public/email-lists/subscriptions/mine', 'PUT /api/v1/public/email-lists/subscriptions',
];

/**
 * The expectation of every non-public operation, run in this order (later rows may remove what
 * earlier rows read). Sign-up routes that also serve an account (intent, cancel-intent, sf) are
 * called with A's account, which makes them owner-only.
 */
const TABLE: Record<string, Row> = {
  'GET /api/v1/profile': { access: 'self', other: 'own', allowed: 200, request: () => ({ method: 'GET', url: '/api/v1/profile' }) },
  'PUT /api/v1/profile': { access: 'self', other: 'own', allowed: 200, request: () => ({ method: 'PUT', url: '/api/v1/profile', payload: {} }) },
  'POST /api/v1/profile/email': {
    access: 'self', other: 'own', allowed: 200, note: 'a link mailed to a new address each time; the email itself changes only when the link is used',
    request: () => ({ method: 'POST', url: `/api/v1/profile/email?parentUrl=${encodeURIComponent('http://localhost:3000/account')}`, payload: { NewEmail: `moving-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`, Password: TEST_PASSWORD } }),
  },
  'POST /api/v1/auth/reauthenticate': {
    access: 'self', other: 'own', allowed: 204, request: () => ({ method: 'POST', url: '/api/v1/auth/reauthenticate', payload: { Password: TEST_PASSWORD } }),
  },
  'POST /api/v1/profile/email-lists/link': { access: 'self', other: 'own', allowed: 200, note: 'a preferences token for the caller themselves (issue 18 lists)', request: () => ({ method: 'POST', url: '/api/v1/profile/email-lists/link' }) },
  'GET /api/v1/profile/accounts': { access: 'self', other: 'own', allowed: 200, request: () => ({ method: 'GET', url: '/api/v1/profile/accounts' }) },
  'PUT /api/v1/profile/photo': { access: 'self', other: 'own', allowed: 200, request: () => ({ method: 'PUT', url: '/api/v1/profile/photo', ...photoUpload() }) },
  'DELETE /api/v1/profile/photo': { access: 'self', other: 'own', allowed: 200, request: () => ({ method: 'DELETE', url: '/api/v1/profile/photo' }) },
  'PUT /api/v1/profile/password': {
    access: 'self', other: 'own', allowed: 400, note: 'an empty body: a real change would end the person\'s other sessions mid-matrix',
    request: () => ({ method: 'PUT', url: '/api/v1/profile/password', payload: {} }),
  },
  'GET /api/v1/profile/sessions': { access: 'self', other: 'own', allowed: 200, request: () => ({ method: 'GET', url: '/api/v1/profile/sessions' }) },
  'DELETE /api/v1/profile/sessions/{Uid}': {
    access: 'self', other: 404, member: 404, allowed: 204, note: 'a second session of A\'s primary contact: to anyone else it is another person\'s session, answered like an unknown uid',
    request: () => ({ method: 'DELETE', url: `/api/v1/profile/sessions/${spareSession}` }),
  },
  'DELETE /api/v1/profile/sessions': { access: 'self', other: 'own', allowed: 200, request: () => ({ method: 'DELETE', url: '/api/v1/profile/sessions' }) },
  'GET /api/v1/profile/account': { access: 'member', other: 'own', allowed: 200, request: () => ({ method: 'GET', url: '/api/v1/profile/account' }) },
  'GET /api/v1/profile/discord': { access: 'member', other: 'own', allowed: 200, request: () => ({ method: 'GET', url: '/api/v1/profile/discord' }) },
  // Issue 18 discord: connect and disconnect act on the caller's own person (community.routes.test.ts runs them against the local Discord).
  'GET /api/v1/profile/authorizeDiscord': {
    access: 'member', other: 'own', allowed: 409, note: 'the demo company configures no Discord application: Errors.CommunityNotConfigured, after the sign-in check',
    request: () => ({ method: 'GET', url: '/api/v1/profile/authorizeDiscord' }),
  },
  'DELETE /api/v1/profile/discord': { access: 'self', other: 'own', allowed: 204, note: 'nobody is connected: 204 (already done)', request: () => ({ method: 'DELETE', url: '/api/v1/profile/discord' }) },
  'PUT /api/v1/profile/account': { access: 'primary', other: 'own', allowed: 200, request: () => ({ method: 'PUT', url: '/api/v1/profile/account', payload: {} }) },
  'GET /api/v1/profile/account/people': {
    access: 'member', other: 404, allowed: 200, request: (s) => ({ method: 'GET', url: `/api/v1/profile/account/people?accountUid=${s.a.accountUid}` }),
  },
  'POST /api/v1/profile/account/people': {
    access: 'primary', other: 'own', allowed: 201,
    request: () => ({ method: 'POST', url: '/api/v1/profile/account/people', payload: { Email: `invitee-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`, FirstName: 'In', LastName: 'Vitee' } }),
  },
  'PUT /api/v1/profile/account/people/{Uid}': {
    access: 'primary', other: 404, allowed: 200,
    request: (s) => ({ method: 'PUT', url: `/api/v1/profile/account/people/${s.a.member.linkUid}`, payload: { ReceiveInvoices: true } }),
  },
  'GET /api/v1/billing/subscriptions': {
    access: 'member', other: 404, allowed: 200, request: (s) => ({ method: 'GET', url: `/api/v1/billing/subscriptions?Account.Uid=${s.a.accountUid}` }),
  },
  'PUT /api/v1/billing/subscriptions/{id}/changesubscriptionpreview': {
    access: 'member', other: 404, allowed: 200,
    request: (s) => ({ method: 'PUT', url: `/api/v1/billing/subscriptions/${s.a.account.CurrentSubscription.Uid}/changesubscriptionpreview`, payload: { ...A_PLAN, Quantity: 6 } }),
  },
  'PUT /api/v1/billing/subscriptions/{id}/changesubscription': {
    access: 'primary', other: 404, allowed: 200,
    request: (s) => ({ method: 'PUT', url: `/api/v1/billing/subscriptions/${s.a.account.CurrentSubscription.Uid}/changesubscription`, payload: A_PLAN }),
  },
  'POST /api/v1/billing/subscriptions/{id}/discounts/{discountId}': {
    access: 'primary', other: 404, allowed: 200,
    request: (s) => ({ method: 'POST', url: `/api/v1/billing/subscriptions/${s.a.account.CurrentSubscription.Uid}/discounts/FIVEOFF` }),
  },
  'DELETE /api/v1/billing/subscriptions/{id}': {
    access: 'primary', other: 404, allowed: 400, note: 'A\'s subscription is current, not scheduled: Errors.SubscriptionNotScheduled, after the access check',
    request: (s) => ({ method: 'DELETE', url: `/api/v1/billing/subscriptions/${s.a.account.CurrentSubscription.Uid}` }),
  },
  'POST /api/v1/billing/paymentinformation/intent': {
    access: 'primary', other: 404, allowed: 200,
    request: (s) => ({ method: 'POST', url: `/api/v1/billing/paymentinformation/intent?intentType=setup&accountUid=${s.a.accountUid}`, payload: {} }),
  },
  'POST /api/v1/billing/paymentinformation/stripe/setup-intent': {
    access: 'primary', other: 404, allowed: 200,
    request: (s) => ({ method: 'POST', url: `/api/v1/billing/paymentinformation/stripe/setup-intent?accountUid=${s.a.accountUid}`, payload: {} }),
  },
  'GET /api/v1/billing/paymentinformation/stripe/intent-amount': {
    access: 'member', other: 404, allowed: 200,
    request: (s) => ({ method: 'GET', url: `/api/v1/billing/paymentinformation/stripe/intent-amount?accountUid=${s.a.accountUid}&intentType=auto` }),
  },
  'POST /api/v1/billing/paymentinformation/stripe/cancel-intent': {
    access: 'primary', other: 404, allowed: 200,
    request: (s) => ({ method: 'POST', url: '/api/v1/billing/paymentinformation/stripe/cancel-intent', payload: { ClientSecret: s.intentSecret } }),
  },
  'POST /api/v1/billing/paymentinformation/stripe/sf': {
    access: 'primary', other: 404, allowed: 200,
    request: (s) => ({ method: 'POST', url: '/api/v1/billing/paymentinformation/stripe/sf', payload: { Account: { Uid: s.a.accountUid } } }),
  },
  'GET /api/v1/billing/paymentinformation': {
    access: 'member', other: 404, allowed: 200, request: (s) => ({ method: 'GET', url: `/api/v1/billing/paymentinformation?accountUid=${s.a.accountUid}` }),
  },
  'POST /api/v1/billing/paymentinformation': {
    access: 'primary', other: 404, allowed: 200,
    request: (s) => ({ method: 'POST', url: '/api/v1/billing/paymentinformation', payload: { PaymentClientSecret: s.completedSecret, mode: 'enter', Account: { Uid: s.a.accountUid } } }),
  },
  'GET /api/v1/profile/account/stripe/invoices': {
    access: 'member', other: 404, allowed: 409, note: 'the demo company bills natively: Errors.BillingPortalUnavailable, after the access check (provider-billing.routes.test.ts lists them with the sandbox and Stripe as the provider)',
    request: (s) => ({ method: 'GET', url: `/api/v1/profile/account/stripe/invoices?accountUid=${s.a.accountUid}` }),
  },
  'GET /api/v1/profile/account/stripe/subscriptions': {
    access: 'member', other: 404, allowed: 409, note: 'the demo company bills natively: Errors.BillingPortalUnavailable, after the access check (provider-billing.routes.test.ts)',
    request: (s) => ({ method: 'GET', url: `/api/v1/profile/account/stripe/subscriptions?accountUid=${s.a.accountUid}` }),
  },
  'POST /api/v1/billing/stripe/portal/sessions': {
    access: 'primary', other: 404, allowed: 409, note: 'the demo company bills natively: Errors.BillingPortalUnavailable, after the access check (billing-portal.routes.test.ts opens one on Stripe)',
    request: (s) => ({ method: 'POST', url: `/api/v1/billing/stripe/portal/sessions?accountUid=${s.a.accountUid}&returnUrl=${encodeURIComponent('http://localhost:3000/account')}` }),
  },
  'DELETE /api/v1/billing/paymentInformation/{id}': {
    access: 'primary', other: 404, allowed: 409, note: 'A\'s only card pays for its Starter plan: Errors.PaymentInformationInUse, after the access and re-authentication checks (invoices.routes.test.ts removes one on a free plan)',
    request: async (s) => ({ method: 'DELETE', url: `/api/v1/billing/paymentInformation/${await savedMethodOf(s.a.accountUid)}` }),
  },
  'POST /api/v1/profile/account/people/{Uid}/invitation': {
    access: 'primary', other: 404, allowed: 200, request: (s) => ({ method: 'POST', url: `/api/v1/profile/account/people/${s.invitee.linkUid}/invitation` }),
  },
  'DELETE /api/v1/profile/account/people/{Uid}/invitation': {
    access: 'primary', other: 404, allowed: 204, request: (s) => ({ method: 'DELETE', url: `/api/v1/profile/account/people/${s.invitee.linkUid}/invitation` }),
  },
  'GET /api/v1/profile/account/invoices': {
    access: 'member', other: 404, allowed: 200, request: (s) => ({ method: 'GET', url: `/api/v1/profile/account/invoices?limit=3&accountUid=${s.a.accountUid}` }),
  },
  'POST /api/v1/profile/account/invoices/{Uid}/download': {
    access: 'member', other: 404, allowed: 200, request: async (s) => ({ method: 'POST', url: `/api/v1/profile/account/invoices/${await invoiceOf(s.a.accountUid)}/download` }),
  },
  // The invoice authentication (issue 17): the account owner's; another account's invoice answers as an unknown one.
  'GET /api/v1/profile/account/invoices/{Uid}/payment': {
    access: 'primary', other: 404, allowed: 200, request: async (s) => ({ method: 'GET', url: `/api/v1/profile/account/invoices/${await invoiceOf(s.a.accountUid)}/payment` }),
  },
  'POST /api/v1/profile/account/invoices/{Uid}/payment': {
    access: 'primary', other: 404, allowed: 404, note: 'A\'s invoice waits for no authentication: Errors.PaymentIntentNotFound (B gets Errors.NotFound, the invoice unknown to it)',
    request: async (s) => ({ method: 'POST', url: `/api/v1/profile/account/invoices/${await invoiceOf(s.a.accountUid)}/payment`, payload: { PaymentClientSecret: 'pi_forged_secret_abc' } }),
  },
  'GET /api/v1/profile/account/next-payment': {
    access: 'member', other: 'own', allowed: 200, request: () => ({ method: 'GET', url: '/api/v1/profile/account/next-payment' }),
  },
  'DELETE /api/v1/profile/account/people/{Uid}': {
    access: 'primary', other: 404, allowed: 204, request: (s) => ({ method: 'DELETE', url: `/api/v1/profile/account/people/${s.leaver.linkUid}` }),
  },
  // Cancel and restore (issue 16): cancelled here, restored by the DELETE row after it.
  'GET /api/v1/profile/account/cancellations': {
    access: 'member', other: 404, allowed: 200, request: (s) => ({ method: 'GET', url: `/api/v1/profile/account/cancellations?accountUid=${s.a.accountUid}` }),
  },
  'POST /api/v1/profile/account/cancellations/retention-offer': {
    access: 'primary', other: 404, allowed: 409, note: 'the demo company configures no retention offer: Errors.RetentionOfferUnavailable, after the access check',
    request: (s) => ({ method: 'POST', url: `/api/v1/profile/account/cancellations/retention-offer?accountUid=${s.a.accountUid}` }),
  },
  'POST /api/v1/profile/account/cancellations': {
    access: 'primary', other: 404, allowed: 201,
    request: (s) => ({ method: 'POST', url: '/api/v1/profile/account/cancellations', payload: { Account: { Uid: s.a.accountUid }, CancelationReason: 'Too expensive' } }),
  },
  // Lead forms (issue 18; docs/lead-forms.md): the visitor's two public calls answer everyone alike; the admin API wants the admin key (a person's token is not it).
  'GET /api/v1/public/lead-forms/{uid}': { access: 'public', other: 'own', allowed: 200, request: () => ({ method: 'GET', url: '/api/v1/public/lead-forms/newsletter' }) },
  'POST /api/v1/public/lead-forms/{uid}/submissions': {
    access: 'public', other: 'own', allowed: 201, note: 'a new email each call: each caller gets its own submission',
    request: () => ({ method: 'POST', url: '/api/v1/public/lead-forms/newsletter/submissions', payload: { Person: { Email: `matrix-lead-${(leads += 1)}@example.com` } } }),
  },
  'GET /api/v1/admin/lead-forms': { access: 'adminKey', other: 404, allowed: 401, request: () => ({ method: 'GET', url: '/api/v1/admin/lead-forms' }) },
  'POST /api/v1/admin/lead-forms': { access: 'adminKey', other: 404, allowed: 401, request: () => ({ method: 'POST', url: '/api/v1/admin/lead-forms', payload: {} }) },
  'GET /api/v1/admin/lead-forms/{uid}': { access: 'adminKey', other: 404, allowed: 401, request: () => ({ method: 'GET', url: '/api/v1/admin/lead-forms/newsletter' }) },
  'PUT /api/v1/admin/lead-forms/{uid}': { access: 'adminKey', other: 404, allowed: 401, request: () => ({ method: 'PUT', url: '/api/v1/admin/lead-forms/newsletter', payload: {} }) },
  'DELETE /api/v1/admin/lead-forms/{uid}': { access: 'adminKey', other: 404, allowed: 401, request: () => ({ method: 'DELETE', url: '/api/v1/admin/lead-forms/newsletter' }) },
  'GET /api/v1/admin/lead-forms/{uid}/submissions': { access: 'adminKey', other: 404, allowed: 401, request: () => ({ method: 'GET', url: '/api/v1/admin/lead-forms/newsletter/submissions' }) },
  'DELETE /api/v1/profile/account/cancellations': {
    access: 'primary', other: 404, allowed: 200, request: (s) => ({ method: 'DELETE', url: `/api/v1/profile/account/cancellations?accountUid=${s.a.accountUid}` }),
  },
};

// 'Confirm it's you' (issue 12) is walked too: it acts on the caller's own session. Lead forms (issue 18): public and admin rows.
const inScope = (path: string) => path.startsWith('/api/v1/profile') || path.startsWith('/api/v1/billing') || path.includes('subscriptions') || path === '/api/v1/auth/reauthenticate'
  || path.includes('/lead-forms');
let leads = 0;

// Built at load time: the operations come from the document, and each becomes its own test.
const t = await createTestApp();
const operations = Object.entries((t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths)
  .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`))
  .filter((key) => inScope(key.slice(key.indexOf(' ') + 1)));
const checked = Object.keys(TABLE).filter((key) => operations.includes(key));
// Sessions record their last use and a refused sign-in its audit row; nothing else may change on a refusal.
const fingerprint = await fingerprinter(t.database, { ignore: ['audit_log', 'sessions'] });

async function savedMethodOf(accountUid: string): Promise<string> {
  const res = await t.admin({ method: 'GET', url: `/api/v1/billing/paymentinformation?accountUid=${accountUid}` });
  return (res.json().items as { Uid: string }[])[0]?.Uid ?? 'none-saved';
}

/** An invoice of the account (one is written for the matrix: the imported customer has none). */
const invoices = new Map<string, string>();
async function invoiceOf(accountUid: string): Promise<string> {
  if (!invoices.has(accountUid)) {
    const uid = newUid();
    await unitOfWork(t.database.db).transaction((repos) => repos.invoices.insert({
      uid, accountUid, subscriptionUid: null, invoiceDate: t.clock.now(), currency: 'USD', subtotal: 100, tax: 0, total: 100, status: 'Open', taxBehavior: 'exclusive', lines: [],
    }));
    invoices.set(accountUid, uid);
  }
  return invoices.get(accountUid)!;
}

/** A setup intent for the account, made with the admin key; completed with the sandbox's test card when asked. */
async function setupIntent(accountUid: string, complete: boolean): Promise<string> {
  const res = await t.admin({ method: 'POST', url: `/api/v1/billing/paymentinformation/stripe/setup-intent?accountUid=${accountUid}`, payload: {} });
  expect(res.statusCode, res.body).toBe(200);
  const secret = res.json().ClientSecret as string;
  if (complete) await pay(t, secret);
  return secret;
}

const seed: Seed = await (async () => {
  const a = await signedInCustomer(t, { member: true, subscription: A_PLAN });
  const b = await signedInCustomer(t, { member: true, subscription: A_PLAN });
  const leaver = await addMember(t, a.accountUid);
  const invitee = { uid: newUid(), linkUid: newUid() };
  const repos = unitOfWork(t.database.db);
  await repos.people.insert({ uid: invitee.uid, email: `invitee-${invitee.uid}@example.com`, firstName: 'Ina', lastName: 'Pending' });
  await repos.people.link({ uid: invitee.linkUid, personUid: invitee.uid, accountUid: a.accountUid, isPrimary: false, receiveInvoices: false, invitationPending: true, invitedAt: new Date(0), invitedBy: a.primary.uid });
  return { a: a as Seed['a'], b, leaver, invitee, intentSecret: await setupIntent(a.accountUid, false), completedSecret: await setupIntent(a.accountUid, true) };
})();

// A's invoice is written before the walk: a row's request is built after the 'nothing changed' snapshot.
await invoiceOf(seed.a.accountUid);

/** A's primary contact signed in once more: the session-list rows end this session (the matrix's own token stays). */
const spareSession = JSON.parse(Buffer.from((await signInAs(t, seed.a.primary.email)).split('.')[1]!, 'base64url').toString()).sid as string;

/** Everything that names a person or account: A's must never reach B, nor B's reach A. */
const identity = (c: TestCustomer, extra: string[] = []) => [
  c.accountUid, String(c.account.Name), c.account.CurrentSubscription.Uid,
  ...[c.primary, c.member].flatMap((p) => (p ? [p.uid, p.email, p.firstName, p.lastName, ...(p.linkUid ? [p.linkUid] : [])] : [])), ...extra,
];
const aData = identity(seed.a, [seed.leaver.uid, seed.leaver.linkUid!, seed.invitee.uid, seed.invitee.linkUid]);
const bData = identity(seed.b);

let address = 0;
async function call(role: Role, options: InjectOptions): Promise<LightMyRequestResponse> {
  const token = { anonymous: null, otherPrimary: seed.b.primary.token, member: seed.a.member.token, primary: seed.a.primary.token }[role];
  address += 1;
  // A new client address each time, so the per-address rate limits stay out of the matrix.
  const remoteAddress = `10.9.${(address >> 8) & 255}.${address & 255}`;
  return t.request({ ...options, remoteAddress, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });
}

function expected(row: Row, role: Role): number {
  if (row.access === 'adminKey') return 401;
  if (row.access === 'public') return row.allowed;
  if (role === 'anonymous') return 401;
  if (role === 'otherPrimary') return row.other === 404 ? 404 : row.own ?? row.allowed;
  if (role === 'member') return row.access === 'primary' ? 403 : row.member ?? row.allowed;
  return row.allowed;
}

afterAll(async () => { await t.close(); });

describe('access-control matrix: anonymous, member, primary contact, another account\'s primary contact', () => {
  it('every operation under /profile, /billing and subscriptions has a row, or is listed as public', () => {
    const missing = operations.filter((key) => !(key in TABLE) && !PUBLIC.includes(key));
    expect(missing, `operations without an expectation row in access-control.matrix.test.ts: ${missing.join(', ')}`).toEqual([]);
    // The document really is what is being walked (and not an empty list).
    expect(checked.length).toBeGreaterThanOrEqual(20);
  });

  it('the public routes answer without a credential', async () => {
    for (const key of PUBLIC.filter((k) => operations.includes(k) && !k.includes('{'))) {
      const [method, url] = key.split(' ') as ['GET' | 'POST', string];
      const res = await call('anonymous', { method, url, ...(method === 'POST' ? { payload: { Plan: { Uid: 'plan-starter' }, Quantity: 1, BillingRenewalTerm: 'Monthly' } } : {}) });
      expect([200, 400], `${key}: ${res.body}`).toContain(res.statusCode);
    }
  });

  it.for(checked)('%s', async (key) => {
    const row = TABLE[key]!;
    const seen: string[] = [];
    for (const role of ['anonymous', 'otherPrimary', 'member', 'primary'] as const) {
      const want = expected(row, role);
      const refused = want === 401 || want === 403 || want === 404;
      const before = refused ? await fingerprint() : '';
      const res = await call(role, await row.request(seed));
      seen.push(`${role} ${res.statusCode}`);
      expect(res.statusCode, `${key} as ${role} (${seen.join(', ')}): ${res.body.slice(0, 300)}`).toBe(want);
      if (refused) {
        expect(res.json().ErrorCode, `${key} as ${role}`).toMatch(/^Errors\./);
        expect(await fingerprint(), `${key} as ${role}: a refused request changed a table`).toBe(before);
      }
      const leaks = (role === 'otherPrimary' ? aData : role === 'anonymous' ? [...aData, ...bData] : bData).filter((v) => res.body.includes(v));
      expect(leaks, `${key} as ${role} answered with another account's data`).toEqual([]);
    }
  });
});

describe('either credential on one account\'s routes (accessTokenOrAdminKeyGuard)', () => {
  const url = () => `/api/v1/billing/subscriptions?Account.Uid=${seed.a.accountUid}`;

  it('the admin key acts on any account; the OpenAPI document lists both schemes', async () => {
    const res = await t.admin({ method: 'GET', url: url(), remoteAddress: '10.8.0.1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((s: { Account: { Uid: string } }) => s.Account.Uid)).toEqual([seed.a.accountUid]);
    const op = (t.app.swagger() as { paths: Record<string, Record<string, { security?: unknown }>> }).paths['/api/v1/billing/subscriptions']!.get!;
    expect(op.security).toEqual([{ accessToken: [] }, { adminKey: [] }]);
  });

  it('a token-shaped bearer is checked as a token (401), never counted as a wrong admin key; wrong keys still are (429)', async () => {
    const from = '10.8.0.2';
    const forged = `${seed.a.primary.token.split('.').slice(0, 2).join('.')}.AAAA`;
    for (let i = 0; i < 15; i += 1) {
      const res = await t.request({ method: 'GET', url: url(), remoteAddress: from, headers: bearer(forged) });
      expect(res.statusCode).toBe(401);
    }
    const { max } = RATE_LIMITS.adminKeyFailures;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i += 1) {
      statuses.push((await t.request({ method: 'GET', url: url(), remoteAddress: from, headers: bearer('wrong-admin-key-0123456789') })).statusCode);
    }
    expect(statuses.slice(0, max)).toEqual(Array(max).fill(401));
    expect(statuses[max]).toBe(429);
    // The member's real token still works from that address: the key limit is about keys.
    expect((await t.request({ method: 'GET', url: url(), remoteAddress: from, headers: bearer(seed.a.member.token) })).statusCode).toBe(200);
  });
});

/**
 * Support (issue 18): the help form's two routes are public (a visitor with no account asks for
 * help); the case routes are the operator's, behind the admin key: anonymous and a member's token
 * are refused on every one, and the admin key reads.
 */
describe('support routes: public help form, admin-only cases', () => {
  // The matrix's `operations` keep its own prefixes; these are read from the document the same way.
  const supportOps = () => Object.entries((t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths)
    .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`))
    .filter((k) => k.includes('/support/'));
  const SUPPORT_PUBLIC = ['GET /api/v1/support/settings', 'POST /api/v1/public/support/cases'];
  it('every support operation is listed here as public or admin', () => {
    const unknown = supportOps().filter((k) => !SUPPORT_PUBLIC.includes(k) && !k.includes(' /api/v1/admin/support/'));
    expect(unknown, 'support operations with no row').toEqual([]);
    expect(supportOps().length).toBeGreaterThanOrEqual(5);
  });
  it('admin case routes: 401 for anonymous and for a member token, 2xx/404 with the admin key', async () => {
    for (const key of supportOps().filter((k) => k.includes(' /api/v1/admin/support/'))) {
      const url = key.split(' ')[1]!.replace('{uid}', 'no-such-case').replace('{attachmentUid}', 'no-such-file');
      expect((await call('anonymous', { method: 'GET', url })).statusCode, key).toBe(401);
      expect((await call('primary', { method: 'GET', url })).statusCode, key).toBe(401);
      const admin = await t.admin({ method: 'GET', url });
      expect(url.includes('no-such') ? admin.statusCode === 404 : admin.statusCode === 200, `${key} ${admin.statusCode}`).toBe(true);
    }
  });
  it('the settings route answers without a credential', async () => {
    expect((await call('anonymous', { method: 'GET', url: '/api/v1/support/settings' })).statusCode).toBe(200);
  });
});

/**
 * Live chat (issue 19; docs/chat.md): the operator's routes are behind the admin key; the visitor's
 * file routes take the visitor's own credential in the query (uvi or access_token) and answer 404
 * for anything that is not that visitor's conversation (no credential, a member's token on a chat
 * that is not theirs). The hub itself is not HTTP (chat-hub.test.ts covers its refusals).
 */
describe('chat routes: admin-only operator API, visitor files by the visitor\'s own credential', () => {
  const chatOps = () => Object.entries((t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths)
    .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`))
    .filter((k) => /\/chats?(\/|$)/.test(k));
  const CHAT_VISITOR = ['POST /api/v1/chats/{caseUid}/documents', 'GET /api/v1/chats/{caseUid}/documents/{documentUid}/data'];
  const url = (key: string) => key.split(' ')[1]!.replace('{caseUid}', 'no-such-chat').replace('{documentUid}', 'no-such-file');
  it('every chat operation is listed here as the visitor\'s or the admin\'s', () => {
    const unknown = chatOps().filter((k) => !CHAT_VISITOR.includes(k) && !k.includes(' /api/v1/admin/chat'));
    expect(unknown, 'chat operations with no row').toEqual([]);
    expect(chatOps().length).toBe(7);
  });
  it('admin chat routes: 401 for anonymous and for a member token; the admin key reaches the route', async () => {
    for (const key of chatOps().filter((k) => k.includes(' /api/v1/admin/chat'))) {
      const [method] = key.split(' ') as ['GET' | 'POST' | 'PUT'];
      const payload = method === 'GET' ? undefined : {};
      expect((await call('anonymous', { method, url: url(key), payload })).statusCode, key).toBe(401);
      expect((await call('primary', { method, url: url(key), payload })).statusCode, key).toBe(401);
      const admin = await t.admin({ method, url: url(key), payload });
      expect([200, 400, 404], `${key} ${admin.statusCode}`).toContain(admin.statusCode);
    }
  });
  it('visitor file routes: 404 without a credential, with a forged uvi, and with a person\'s token on a chat that is not theirs', async () => {
    const download = url(CHAT_VISITOR[1]!);
    expect((await call('anonymous', { method: 'GET', url: download })).statusCode).toBe(404);
    expect((await call('anonymous', { method: 'GET', url: `${download}?uvi=v${'A'.repeat(32)}` })).statusCode).toBe(404);
    expect((await call('anonymous', { method: 'GET', url: `${download}?access_token=${seed.a.primary.token}` })).statusCode).toBe(404);
  });
});

/**
 * The operator console (issue 20): every console operation needs an operator's token (its own
 * audience), so anonymous callers and members' tokens are refused on every one; every member route
 * refuses an operator's token; the operator admin routes take only the admin key; the inbound-mail
 * webhook only its shared secret. The operations are read from the document, so a new console route
 * without a row here fails by name.
 */
describe('console routes: operator tokens only, and never on member routes', () => {
  const docOps = () => Object.entries((t.app.swagger() as { paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>> }).paths)
    .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, schemes: (op.security ?? []).flatMap((s) => Object.keys(s)) })));
  const url = (path: string) => path.replace(/\{[^}]+\}/g, 'no-such-uid');
  // An operator's account (operator-account.routes.ts): sign-in, forgot password and the set-password page; the mailed link's token is the credential.
  const CONSOLE_PUBLIC = ['POST /api/v1/console/tokens', 'POST /api/v1/console/forgot-password', 'POST /api/v1/console/set-password/check', 'POST /api/v1/console/set-password'];
  const CONSOLE_ADMIN = [
    'POST /api/v1/admin/operators', 'GET /api/v1/admin/operators', 'PATCH /api/v1/admin/operators/{uid}', 'POST /api/v1/admin/operators/{uid}/invitation',
    'GET /api/v1/admin/console/auto-reply', 'PUT /api/v1/admin/console/auto-reply',
  ];
  const INBOUND = ['POST /api/v1/inbound-mail'];
  let operatorEmail = '';
  /** A fresh console session each time (the console walk ends its own with logout). */
  const signInOperator = async () => {
    if (!operatorEmail) {
      operatorEmail = `matrix-operator-${newUid()}@northwind.example`;
      const made = await t.admin({ method: 'POST', url: '/api/v1/admin/operators', payload: { Email: operatorEmail, Name: 'Matrix Agent', Role: 'admin', Password: 'Kestrel-Quartz-7319!' } });
      expect(made.statusCode, made.body).toBe(201);
    }
    const res = await t.request({ method: 'POST', url: '/api/v1/console/tokens', remoteAddress: '10.77.0.1', payload: { username: operatorEmail, password: 'Kestrel-Quartz-7319!' } });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().access_token as string;
    // The token really opens the console, so a 401 below is the audience's doing, not a dead session.
    expect((await t.request({ method: 'GET', url: '/api/v1/console/session', headers: bearer(token) })).statusCode).toBe(200);
    return token;
  };
  const as = (token: string | null, method: string, path: string, remoteAddress = '10.77.0.2') =>
    t.request({ method: method as InjectOptions['method'], url: url(path), remoteAddress, headers: token ? bearer(token) : {} });

  it('every console, operator-admin and inbound-mail operation has its row here', () => {
    const ours = docOps().filter((o) => o.path.startsWith('/api/v1/console/') || o.path.startsWith('/api/v1/admin/operators') || o.path.startsWith('/api/v1/admin/console/') || o.path === '/api/v1/inbound-mail');
    const unknown = ours.filter((o) => !CONSOLE_PUBLIC.includes(o.key) && !CONSOLE_ADMIN.includes(o.key) && !INBOUND.includes(o.key) && !(o.schemes.length === 1 && o.schemes[0] === 'operatorToken'));
    expect(unknown.map((o) => o.key), 'console operations with no row').toEqual([]);
    expect(ours.filter((o) => o.schemes.includes('operatorToken')).length).toBeGreaterThanOrEqual(12);
    expect(docOps().filter((o) => INBOUND.includes(o.key))[0]?.schemes).toEqual(['inboundMailSecret']);
    for (const key of CONSOLE_ADMIN) expect(docOps().find((o) => o.key === key)?.schemes, key).toEqual(['adminKey']);
    for (const key of CONSOLE_PUBLIC) expect(docOps().find((o) => o.key === key)?.schemes, key).toEqual([]);
  });

  it('console routes: 401 for anonymous and for a member\'s token; an operator\'s token passes the guard', async () => {
    const operator = await signInOperator();
    // Logout last: it ends the session the other rows use.
    const consoleOps = docOps().filter((o) => o.schemes.includes('operatorToken')).sort((x, y) => Number(x.path.endsWith('/logout')) - Number(y.path.endsWith('/logout')));
    for (const op of consoleOps) {
      expect((await as(null, op.method, op.path)).statusCode, `${op.key} anonymous`).toBe(401);
      expect((await as(seed.a.primary.token, op.method, op.path)).statusCode, `${op.key} member`).toBe(401);
      expect((await as(operator, op.method, op.path)).statusCode, `${op.key} operator`).not.toBe(401);
    }
  });

  it('every member route (access token, or access token or admin key) refuses an operator\'s token with 401', async () => {
    const operator = await signInOperator();
    const memberOps = docOps().filter((o) => o.schemes.includes('accessToken'));
    expect(memberOps.length).toBeGreaterThanOrEqual(40);
    for (const op of memberOps) {
      const res = await as(operator, op.method, op.path);
      expect(res.statusCode, `${op.key} with an operator token: ${res.body}`).toBe(401);
    }
  });

  it('operator admin routes and the inbound webhook: an operator\'s or member\'s token is refused', async () => {
    const operator = await signInOperator();
    for (const [i, key] of [...CONSOLE_ADMIN, ...INBOUND].entries()) {
      const [method, path] = key.split(' ') as [string, string];
      // Each row from its own address: a refused bearer counts on the address's adminKeyFailures (10 a minute).
      expect((await as(operator, method, path, `10.77.1.${i}`)).statusCode, `${key} operator`).toBe(401);
      expect((await as(seed.a.primary.token, method, path, `10.77.1.${i}`)).statusCode, `${key} member`).toBe(401);
    }
  });
});
