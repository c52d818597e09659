import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createTestApp, TEST_ADMIN_KEY, type TestApp } from '../testing/create-test-app.ts';
import { RATE_LIMITS, type RateLimitName } from '../features.ts';
import { eventLimiter, failureLimiter, flaggingLimit, preHandlerLimit, routeRateLimit, socketLimiter, type SocketLimiter } from './rate-limits.ts';
import { bearer, signedInCustomer } from '../testing/signed-in-test-helpers.ts';
import { sql } from 'drizzle-orm';
import { unitOfWork } from '../unit-of-work.ts';
import { hashPassword } from '../passwords/password-hashing.ts';

let signInProbes = 0;

/** One request that a named limit counts, from a given client address. */
type Probe = (t: TestApp, remoteAddress: string, headers?: Record<string, string>) => Promise<LightMyRequestResponse>;
const probes: Record<RateLimitName, Probe> = {
  adminKeyFailures: (t, remoteAddress, headers) => t.request({ method: 'GET', url: '/api/v1/admin/plans', remoteAddress, headers: { authorization: 'Bearer wrong-key-0123456789', ...headers } }),
  discountCodeLookup: (t, remoteAddress, headers) => t.request({ method: 'GET', url: '/api/v1/public/billing/discountcoupons/GUESS', remoteAddress, headers }),
  // The limit runs before validation, so an empty body is counted as cheaply as a real preview.
  chargeSummaryCompute: (t, remoteAddress, headers) => t.request({ method: 'POST', url: '/api/v1/billing/subscriptions/compute-charge-summary', remoteAddress, headers, payload: {} }),
  paymentIntentCreate: (t, remoteAddress, headers) => t.request({ method: 'POST', url: '/api/v1/billing/paymentinformation/intent', remoteAddress, headers, payload: {} }),
  paymentIntentCancel: (t, remoteAddress, headers) => t.request({ method: 'POST', url: '/api/v1/billing/paymentinformation/stripe/cancel-intent', remoteAddress, headers, payload: {} }),
  paymentSetupFailure: (t, remoteAddress, headers) => t.request({ method: 'POST', url: '/api/v1/billing/paymentinformation/stripe/sf', remoteAddress, headers, payload: {} }),
  // Behind the admin key until login: the key is checked first, so the probe carries it.
  paymentInformationSave: (t, remoteAddress, headers) => t.request({ method: 'POST', url: '/api/v1/billing/paymentinformation', remoteAddress, headers: { authorization: `Bearer ${TEST_ADMIN_KEY}`, ...headers }, payload: {} }),
  // A signed-in primary contact (one account, every call from the probe's address); the demo company's native billing answers 409 after the count.
  billingPortalSession: async (t, remoteAddress, headers) => t.request({
    method: 'POST', url: '/api/v1/billing/stripe/portal/sessions?accountUid=' + (await portalOwner(t)).accountUid + '&returnUrl=http%3A%2F%2Flocalhost%3A3000%2F',
    remoteAddress, headers: { ...bearer((await portalOwner(t)).primary.token), ...headers },
  }),
  providerBillingRead: async (t, remoteAddress, headers) => t.request({
    method: 'GET', url: '/api/v1/profile/account/stripe/invoices', remoteAddress, headers: { ...bearer((await portalOwner(t)).primary.token), ...headers },
  }),
  // Failed sign-ins with emails nobody uses: a new email each time for the per-address row, one email per address for the per-email row.
  signInPerAddress: (t, remoteAddress, headers) => t.request({ method: 'POST', url: '/api/v1/tokens', remoteAddress, headers, payload: { username: `nobody-${(signInProbes += 1)}@example.com`, password: 'wrong' } }),
  signInPerEmail: (t, remoteAddress, headers) => t.request({ method: 'POST', url: '/api/v1/tokens', remoteAddress, headers, payload: { username: `nobody-${remoteAddress}@example.com`, password: 'wrong' } }),
  // The owner's known browser, with the right password, on an account strangers have tripped (one owner per probe address).
  signInPerDevice: async (t, remoteAddress, headers) => {
    const o = await lockedOwner(t, remoteAddress);
    return t.request({ method: 'POST', url: '/api/v1/tokens', remoteAddress, headers, payload: { username: o.email, password: LOCKED_PASSWORD, device_token: o.device } });
  },
  // 'Send a new code' with the right password on a tripped account: each asks for a code mail (counted per person).
  signInCodeMail: async (t, remoteAddress, headers) => {
    const o = await lockedOwner(t, remoteAddress);
    return t.request({ method: 'POST', url: '/api/v1/tokens', remoteAddress, headers, payload: { username: o.email, password: LOCKED_PASSWORD, resend_code: true } });
  },
  confirmationMailPerAddress: (t, remoteAddress, headers) => t.request({ method: 'POST', url: '/api/v1/crm/registrations/confirmation-mail', remoteAddress, headers, payload: { Email: `nobody-${(signInProbes += 1)}@example.com` } }),
  confirmationMailPerEmail: (t, remoteAddress, headers) => t.request({ method: 'POST', url: '/api/v1/crm/registrations/confirmation-mail', remoteAddress, headers, payload: { Email: `nobody-${remoteAddress}@example.com` } }),
  passwordValidation: (t, remoteAddress, headers) => t.request({ method: 'POST', url: '/api/v1/auth/validate-password', remoteAddress, headers, payload: { Password: 'x' } }),
  sandboxGateway: (t, remoteAddress, headers) => t.request({ method: 'POST', url: '/sandbox/v1/tokens', remoteAddress, headers, payload: {} }),
  signupNonce: (t, remoteAddress, headers) => t.request({ method: 'POST', url: '/api/v1/nonce', remoteAddress, headers }),
  emailExistsCheck: (t, remoteAddress, headers) => t.request({ method: 'GET', url: '/api/v1/crm/registrations/email-exists?email=probe%40example.com', remoteAddress, headers }),
  registrationSubmit: (t, remoteAddress, headers) => t.request({ method: 'POST', url: '/api/v1/crm/registrations', remoteAddress, headers, payload: {} }),
  emailConfirmation: (t, remoteAddress, headers) => t.request({ method: 'POST', url: '/api/v1/crm/registrations/confirm', remoteAddress, headers, payload: {} }),
  // Addresses nobody uses: the same answer as for a real one, and no mail is sent.
  forgotPasswordPerAddress: (t, remoteAddress, headers) => t.request({ method: 'POST', url: '/api/v1/crm/people/forgotPassword', remoteAddress, headers, payload: { Email: `nobody-${(signInProbes += 1)}@example.com`, ResetUrl: 'https://example.com/reset' } }),
  forgotPasswordPerEmail: (t, remoteAddress, headers) => t.request({ method: 'POST', url: '/api/v1/crm/people/forgotPassword', remoteAddress, headers, payload: { Email: `nobody-${remoteAddress}@example.com`, ResetUrl: 'https://example.com/reset' } }),
  resetPasswordPerAddress: (t, remoteAddress, headers) => t.request({ method: 'POST', url: `/api/v1/crm/people/resetPassword/${'0'.repeat(43)}`, remoteAddress, headers, payload: { NewPassword: 'Correct-Horse-9-Battery' } }),
  passwordChange: (t, remoteAddress, headers) => t.request({ method: 'PUT', url: '/api/v1/profile/password', remoteAddress, headers: { authorization: 'Bearer not-a-token', ...headers }, payload: { ExistingPassword: 'x', NewPassword: 'y', ConfirmPassword: 'y' } }),
  invitePerAccount: (t, remoteAddress, headers) => invite(t, remoteAddress, headers, 'perAccount'),
  invitePerAddress: (t, remoteAddress, headers) => invite(t, remoteAddress, headers, 'perAddress'),
  // Counted after the guard and before the uid is looked up: an unknown uid's 404 counts too.
  resendPerAccount: (t, remoteAddress, headers) => asPerson(t, remoteAddress, headers, { method: 'POST', url: '/api/v1/profile/account/people/nobody/invitation', payload: {} }),
  // Re-authentication and the email change (issue 12): the address is counted before the token check, so a made-up token is enough.
  reauthenticatePerAddress: (t, remoteAddress, headers) => t.request({ method: 'POST', url: '/api/v1/auth/reauthenticate', remoteAddress, headers: { authorization: 'Bearer not-a-token', ...headers }, payload: {} }),
  reauthenticatePerPerson: (t, remoteAddress, headers) => asPerson(t, remoteAddress, headers, { method: 'POST', url: '/api/v1/auth/reauthenticate', payload: {} }),
  emailChangePerAddress: (t, remoteAddress, headers) => t.request({ method: 'POST', url: '/api/v1/profile/email', remoteAddress, headers: { authorization: 'Bearer not-a-token', ...headers }, payload: {} }),
  emailChangePerPerson: (t, remoteAddress, headers) => asPerson(t, remoteAddress, headers, { method: 'POST', url: '/api/v1/profile/email', payload: { NewEmail: 'not-an-email', Password: 'x' } }),
  emailChangeLinkPerAddress: (t, remoteAddress, headers) => t.request({ method: 'POST', url: '/api/v1/profile/email/confirm', remoteAddress, headers, payload: { Token: '0'.repeat(43) } }),
  // Invoices (issue 16): an unknown invoice's 404 counts, and a made-up download token's 401.
  invoiceDownloadLink: (t, remoteAddress, headers) => asPerson(t, remoteAddress, headers, { method: 'POST', url: '/api/v1/profile/account/invoices/nobody/download', payload: {} }),
  invoicePdf: (t, remoteAddress, headers) => t.request({ method: 'GET', url: '/api/v1/billing/invoices/nobody/pdf?access_token=not-a-token', remoteAddress, headers }),
  // Discord's redirect back with a made-up state (issue 18 discord): counted before the state is looked up; answers its 'expired' page.
  discordConnectPerAddress: (t, remoteAddress, headers) => t.request({ method: 'GET', url: '/api/v1/community/discord/callback?state=made-up&code=x', remoteAddress, headers }),
  // Email lists (issue 18): forged tokens count like real ones (counted before the token check).
  emailListLinkPerAddress: (t, remoteAddress, headers) => t.request({ method: 'GET', url: '/api/v1/public/email-lists/subscriptions/mine?token=forged', remoteAddress, headers }),
  emailListConfirmPerAddress: (t, remoteAddress, headers) => t.request({ method: 'POST', url: '/api/v1/public/email-lists/confirm', remoteAddress, headers, payload: { Token: '0'.repeat(43) } }),
  emailListOneClickPerAddress: (t, remoteAddress, headers) => t.request({ method: 'POST', url: '/api/v1/public/email-lists/one-click?token=forged', remoteAddress, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: 'List-Unsubscribe=One-Click' }),
  emailListNewLinkPerAddress: (t, remoteAddress, headers) => t.request({ method: 'POST', url: '/api/v1/public/email-lists/link', remoteAddress, headers, payload: { Email: `nobody-${(signInProbes += 1)}@example.com` } }),
  emailListNewLinkPerEmail: (t, remoteAddress, headers) => t.request({ method: 'POST', url: '/api/v1/public/email-lists/link', remoteAddress, headers, payload: { Email: `nobody-${remoteAddress}@example.com` } }),
  emailListProfileLinkPerPerson: (t, remoteAddress, headers) => asPerson(t, remoteAddress, headers, { method: 'POST', url: '/api/v1/profile/email-lists/link', payload: {} }),
  // Support (issue 18): the limit runs before the body is read, so an empty request counts (and is then refused).
  supportCaseSubmit: (t, remoteAddress, headers) => t.request({ method: 'POST', url: '/api/v1/public/support/cases', remoteAddress, headers, payload: {} }),
  supportSettings: (t, remoteAddress, headers) => t.request({ method: 'GET', url: '/api/v1/support/settings', remoteAddress, headers }),
  // Lead forms (issue 18): an unknown form's 404 counts, and an empty submission's 400.
  leadFormRead: (t, remoteAddress, headers) => t.request({ method: 'GET', url: '/api/v1/public/lead-forms/nobody', remoteAddress, headers }),
  inboundMailSecretFailures: (t, remoteAddress, headers) => t.request({ method: 'POST', url: '/api/v1/inbound-mail', remoteAddress, headers: { 'content-type': 'message/rfc822', 'x-portico-inbound-secret': 'wrong-secret', ...headers }, payload: 'Subject: x\r\n\r\nx' }),
  leadFormSubmit: (t, remoteAddress, headers) => t.request({ method: 'POST', url: '/api/v1/public/lead-forms/nobody/submissions', remoteAddress, headers, payload: {} }),
  // The chat hub's rows count events outside HTTP (socketLimiter; the hub's use is in chat/chat-hub.test.ts): the
  // probe counts one event from the probe's address and stands its verdict in for an answer (429 when refused).
  chatConnect: async (t, remoteAddress) => socketVerdict(await socketLimiterOf(t, 'chatConnect').allow(remoteAddress)),
  chatMessages: async (t, remoteAddress) => socketVerdict(await socketLimiterOf(t, 'chatMessages').allow(remoteAddress, `visitor-of-${remoteAddress}`)),
  // No credential: counted before the route answers 404.
  chatUploads: (t, remoteAddress, headers) => t.request({ method: 'POST', url: '/api/v1/chats/nochat/documents', remoteAddress, headers, payload: {} }),
};

/**
 * The route each row guards, when another feature builds it: a row whose route is not in the
 * OpenAPI document yet is skipped (named in the output), never passed.
 */
const routeOf: Partial<Record<RateLimitName, { method: string; path: string }>> = {
  forgotPasswordPerAddress: { method: 'post', path: '/api/v1/crm/people/forgotPassword' },
  forgotPasswordPerEmail: { method: 'post', path: '/api/v1/crm/people/forgotPassword' },
  resetPasswordPerAddress: { method: 'post', path: '/api/v1/crm/people/resetPassword/{token}' },
  passwordChange: { method: 'put', path: '/api/v1/profile/password' },
  invitePerAccount: { method: 'post', path: '/api/v1/profile/account/people' },
  invitePerAddress: { method: 'post', path: '/api/v1/profile/account/people' },
  resendPerAccount: { method: 'post', path: '/api/v1/profile/account/people/{Uid}/invitation' },
};

function hasRoute(t: TestApp, route: { method: string; path: string }): boolean {
  const paths = (t.app.swagger() as { paths?: Record<string, Record<string, unknown>> }).paths ?? {};
  return Object.entries(paths).some(([p, ops]) => p.toLowerCase() === route.path.toLowerCase() && route.method in ops);
}

let portalOwnerOf: { app: TestApp; owner: ReturnType<typeof signedInCustomer> } | null = null;
/** One signed-in primary contact per test app, for the billing-portal probe. */
function portalOwner(t: TestApp): ReturnType<typeof signedInCustomer> {
  if (portalOwnerOf?.app !== t) portalOwnerOf = { app: t, owner: signedInCustomer(t) };
  return portalOwnerOf.owner;
}

/** The signed-in primary contact whose account invites, one account per client address (per-account row). */
const inviters = new Map<string, Promise<string>>();
let invitations = 0;
let inviteAddress = 0;
/**
 * An invitation sent by a signed-in primary contact. `perAccount`: the client address names the
 * account (each address its own account) and every request comes from a new address, so only
 * the account can be what is counted; `perAddress`: one account per call, the address is counted.
 */
async function invite(t: TestApp, remoteAddress: string, headers: Record<string, string> | undefined, row: 'perAccount' | 'perAddress'): Promise<LightMyRequestResponse> {
  const tokenFor = (key: string) => {
    if (!inviters.has(key)) inviters.set(key, signedInCustomer(t).then((c) => c.primary.token));
    return inviters.get(key)!;
  };
  const token = await tokenFor(row === 'perAccount' ? remoteAddress : `call-${(invitations += 1)}`);
  const from = row === 'perAccount' ? `203.0.113.${(inviteAddress = (inviteAddress % 250) + 1)}` : remoteAddress;
  return t.request({
    method: 'POST', url: '/api/v1/profile/account/people', remoteAddress: from,
    headers: { ...bearer(token), ...headers }, payload: { Email: `invitee-${(invitations += 1)}@example.com`, FirstName: 'In', LastName: 'Vitee' },
  });
}

/** One signed-in person per probe address (the address names the person), each request from a new address: only the person can be what is counted. */
const persons = new Map<string, Promise<string>>();
let personAddress = 0;
async function asPerson(t: TestApp, remoteAddress: string, headers: Record<string, string> | undefined, req: { method: 'POST'; url: string; payload: object }): Promise<LightMyRequestResponse> {
  if (!persons.has(remoteAddress)) persons.set(remoteAddress, signedInCustomer(t).then((c) => c.primary.token));
  const token = await persons.get(remoteAddress)!;
  personAddress += 1;
  return t.request({ ...req, remoteAddress: `198.19.${(personAddress >> 8) & 255}.${personAddress & 255}`, headers: { ...bearer(token), ...headers } });
}

const LOCKED_PASSWORD = 'Locked-Out-Owner-1';
const lockedOwners = new Map<string, Promise<{ uid: string; email: string; device: string }>>();
let tripAddress = 0;
/**
 * A person with a password who signed in once (their browser's device token), whose account ten
 * wrong passwords from ten addresses have tripped since; one per probe address.
 */
function lockedOwner(t: TestApp, key: string) {
  if (!lockedOwners.has(key)) {
    lockedOwners.set(key, (async () => {
      const c = await signedInCustomer(t);
      await unitOfWork(t.database.db).passwordHistory.replaceHash(c.primary.uid, await hashPassword(LOCKED_PASSWORD), t.clock.now());
      const first = await t.request({ method: 'POST', url: '/api/v1/tokens', remoteAddress: '198.20.0.1', payload: { username: c.primary.email, password: LOCKED_PASSWORD } });
      expect(first.statusCode, first.body).toBe(200);
      for (let i = 0; i < RATE_LIMITS.signInPerEmail.max; i += 1) {
        tripAddress += 1;
        await t.request({ method: 'POST', url: '/api/v1/tokens', remoteAddress: `198.20.${(tripAddress >> 8) & 255}.${(tripAddress & 255) + 1}`, payload: { username: c.primary.email, password: `guess-${i}` } });
      }
      return { uid: c.primary.uid, email: c.primary.email, device: first.json().device_token as string };
    })());
  }
  return lockedOwners.get(key)!;
}

const codeRequired = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().ErrorCode).toBe('Errors.SignInCodeRequired');
};
/**
 * Rows whose excess is not a 429 (`over: 'flag'`, `counts: 'events'`): what the request past the
 * limit gets instead. Sign-in never refuses the owner: past the account's (or the device's) limit a
 * code is required; past the code-mail budget the answer is the same and no mail is queued.
 */
const pastLimit: Partial<Record<RateLimitName, (t: TestApp, res: LightMyRequestResponse, remoteAddress: string) => Promise<void>>> = {
  chatConnect: async (_t, res) => { expect(res.statusCode).toBe(429); },
  chatMessages: async (_t, res) => { expect(res.statusCode).toBe(429); },
  signInPerEmail: async (_t, res) => codeRequired(res),
  signInPerDevice: async (_t, res) => codeRequired(res),
  signInCodeMail: async (t, res, remoteAddress) => {
    codeRequired(res);
    const { uid } = await lockedOwner(t, remoteAddress);
    const [last] = (await t.database.db.execute(sql`select detail from audit_log where actor = ${uid} and action = 'signin.code-required' order by at desc limit 1`) as unknown as { rows: { detail: { mail: string } }[] }).rows;
    expect(last!.detail.mail).toBe('limited');
  },
};

/** One limiter per app and row, as the hub makes them once (an in-memory counter belongs to its limiter). */
const socketLimiters = new WeakMap<TestApp, Map<string, SocketLimiter>>();
function socketLimiterOf(t: TestApp, name: 'chatConnect' | 'chatMessages'): SocketLimiter {
  const mine = socketLimiters.get(t) ?? new Map<string, SocketLimiter>();
  socketLimiters.set(t, mine);
  if (!mine.has(name)) mine.set(name, socketLimiter(t.app, RATE_LIMITS[name]));
  return mine.get(name)!;
}

/** A socket limiter's verdict as the probes' answer: 200 allowed, 429 refused (the hub answers connect_error RateLimited or an ack error). */
function socketVerdict(allowed: boolean): LightMyRequestResponse {
  return { statusCode: allowed ? 200 : 429 } as LightMyRequestResponse;
}

/** Sends `count` probes and returns the status of each. */
async function send(probe: Probe, t: TestApp, count: number, remoteAddress: string, headers?: (i: number) => Record<string, string>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) statuses.push((await probe(t, remoteAddress, headers?.(i))).statusCode);
  return statuses;
}

function expectTooMany(res: LightMyRequestResponse, windowMs: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ Status: 429, ErrorCode: 'Errors.TooManyRequests', Message: expect.any(String), FieldErrors: [] });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
}

/**
 * Each apply function takes only the rows of its kind: if one of these lines compiled, its
 * @ts-expect-error would fail the typecheck (npx tsc). Never called.
 */
const _onlyRowsOfTheirKind = (app: FastifyInstance) => [
  // @ts-expect-error a failures row is not a route limit
  routeRateLimit(RATE_LIMITS.adminKeyFailures),
  // @ts-expect-error an events row is not a route limit
  routeRateLimit(RATE_LIMITS.signInCodeMail),
  // @ts-expect-error a flagging row marks past its limit, it does not refuse
  preHandlerLimit(app, RATE_LIMITS.signInPerEmail),
  // @ts-expect-error a refusing row does not flag
  flaggingLimit(app, RATE_LIMITS.signInPerAddress),
  // @ts-expect-error every request counts against a request row, not only failures
  failureLimiter(app, RATE_LIMITS.discountCodeLookup),
  // @ts-expect-error only events count against an events row
  eventLimiter(app, RATE_LIMITS.adminKeyFailures),
  // Each kind where it belongs.
  routeRateLimit(RATE_LIMITS.discountCodeLookup), preHandlerLimit(app, RATE_LIMITS.signInPerAddress), flaggingLimit(app, RATE_LIMITS.signInPerDevice),
  failureLimiter(app, RATE_LIMITS.adminKeyFailures), eventLimiter(app, RATE_LIMITS.signInCodeMail),
];

describe('every rate limit of the table (in memory)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('has a probe for each row, so a new row cannot skip this test', () => {
    expect(Object.keys(probes).sort()).toEqual(Object.keys(RATE_LIMITS).sort());
  });

  it.for(Object.keys(RATE_LIMITS) as RateLimitName[])('%s: allows max per window, then 429 in the error shape with Retry-After (or the row\'s own answer past it)', async (name, ctx) => {
    const route = routeOf[name];
    if (route && !hasRoute(t, route)) ctx.skip(`${route.method.toUpperCase()} ${route.path} is not built yet`);
    const { max, windowMs } = RATE_LIMITS[name];
    const ip = `198.18.0.${Object.keys(RATE_LIMITS).indexOf(name) + 1}`;
    expect((await send(probes[name], t, max, ip)).filter((s) => s === 429)).toEqual([]);
    const past = pastLimit[name];
    if (past) await past(t, await probes[name](t, ip), ip);
    else expectTooMany(await probes[name](t, ip), windowMs);
    // Another client still has its own budget.
    expect((await probes[name](t, '198.18.1.1')).statusCode).not.toBe(429);
  });
});

describe('behind a reverse proxy (PORTICO_TRUST_PROXY)', () => {
  const max = RATE_LIMITS.adminKeyFailures.max;
  const probe = probes.adminKeyFailures;
  const apps: TestApp[] = [];
  afterAll(async () => { await Promise.all(apps.map((a) => a.close())); });

  it('off (default): X-Forwarded-For is ignored, so rotating it does not escape the limit', async () => {
    const t = await createTestApp();
    apps.push(t);
    const statuses = await send(probe, t, max + 1, '203.0.113.30', (i) => ({ 'x-forwarded-for': `198.51.100.${i + 1}` }));
    expect(statuses.slice(0, max).every((s) => s === 401)).toBe(true);
    expect(statuses[max]).toBe(429);
  });

  it('trusted proxy addresses: each forwarded client has its own counter; other peers cannot spoof', async () => {
    const t = await createTestApp({ app: { trustProxy: ['10.0.0.0/8'] } });
    apps.push(t);
    const proxy = '10.1.2.3';
    const viaProxy = (client: string) => () => ({ 'x-forwarded-for': client });
    expect(await send(probe, t, max, proxy, viaProxy('198.51.100.1'))).toEqual(Array(max).fill(401));
    expectTooMany(await probe(t, proxy, { 'x-forwarded-for': '198.51.100.1' }), RATE_LIMITS.adminKeyFailures.windowMs);
    // A second client behind the same proxy is not limited by the first one's failures, and the owner's key works for both.
    expect((await probe(t, proxy, { 'x-forwarded-for': '198.51.100.2' })).statusCode).toBe(401);
    expect((await probe(t, proxy, { 'x-forwarded-for': '198.51.100.1', authorization: `Bearer ${TEST_ADMIN_KEY}` })).statusCode).toBe(200);
    // A client connecting directly (not from the proxy range) cannot pick its address with the header.
    const direct = await send(probe, t, max + 1, '203.0.113.31', (i) => ({ 'x-forwarded-for': `198.51.100.${100 + i}` }));
    expect(direct[max]).toBe(429);
  });

  it('a hop count: the address one hop before the proxy is the client, whatever the client prepends', async () => {
    const t = await createTestApp({ app: { trustProxy: 1 } });
    apps.push(t);
    const spoofedThenReal = (i: number) => ({ 'x-forwarded-for': `192.0.2.${i + 1}, 198.51.100.7` });
    const statuses = await send(probe, t, max + 1, '10.9.9.9', spoofedThenReal);
    expect(statuses[max]).toBe(429);
    expect((await probe(t, '10.9.9.9', { 'x-forwarded-for': '198.51.100.8' })).statusCode).toBe(401);
  });
});
