import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { importCustomer } from '../billing/billing-test-helpers.ts';
import { createTestApp } from '../testing/create-test-app.ts';
import { fingerprinter } from '../testing/db-fingerprint.ts';
import { operationsOf, requestFor, type FuzzRequest, type Known } from '../testing/openapi-arbitraries.ts';

/**
 * Issue 6 item 2: every operation of the app's own OpenAPI document, public and admin,
 * gets generated requests (path, query, headers, body shaped by the operation's schemas)
 * salted with NUL, 1 MB strings, huge and negative numbers, `__proto__` keys and bad
 * `fields`. No answer may be a 5xx, every rejection has the one error shape and leaves
 * every table as it was, and NUL is always a 400 naming where it was.
 * FC_RUNS raises the runs per operation (default 8); FUZZ_REPORT=1 prints the status table.
 */
const RUNS = Number(process.env.FC_RUNS) || 8;
const NUL_MESSAGE = 'must not contain a NUL character';

// Built at load time: the operations come from the document, and each becomes its own test.
const t = await createTestApp();
const account = await importCustomer(t);
const known: Known = {
  uids: ['plan-pro', 'plan-starter', 'fam-analytics', 'addon-onboarding', 'coupon-welcome', 'coupon-expired', 'no-such-uid',
    account.Uid, account.CurrentSubscription?.Uid, account.PrimaryContact?.Uid].filter((u): u is string => typeof u === 'string'),
  codes: ['WELCOME20', 'FRIENDS', 'BLACKFRIDAY2020'],
};
const operations = operationsOf(t.app.swagger() as never);
// A rejected sign-in writes its audit row by design (docs/auth.md "Audit log"); every other table must stay as it was.
const fingerprint = await fingerprinter(t.database, { ignore: ['audit_log'] });
const statuses = new Map<number, number>();
let sent = 0;

afterAll(async () => {
  if (process.env.FUZZ_REPORT) {
    const table = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ');
    console.info(`openapi fuzz on ${t.database.kind}: ${sent} requests over ${operations.length} operations; ${table}`);
  }
  await t.close();
});

const shorten = (s: string | undefined, n = 300) => (s === undefined ? '' : s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
let address = 0;

async function send(method: string, req: FuzzRequest) {
  address += 1;
  // A new client address each time, so per-address rate limits do not turn the run into 429s.
  const remoteAddress = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
  const res = await t.admin({ method: method as 'GET', url: req.url, headers: req.headers, remoteAddress, ...(req.body !== undefined ? { payload: req.body } : {}) });
  sent += 1;
  statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  return res;
}

describe('the OpenAPI document under bad input', () => {
  it('lists the public and the admin operations', () => {
    expect(operations.length).toBeGreaterThanOrEqual(35);
    expect(operations.some((o) => o.path.startsWith('/api/v1/admin/'))).toBe(true);
    expect(operations.some((o) => o.path.startsWith('/api/v1/public/'))).toBe(true);
  });

  it.each(operations.map((o) => [`${o.method} ${o.path}`, o] as const))('%s: no 5xx, one error shape, nothing written on a rejection', async (_, op) => {
    let last = await fingerprint();
    await fc.assert(fc.asyncProperty(requestFor(op, known), async (req) => {
      const res = await send(op.method, req);
      const where = `${op.method} ${shorten(req.url, 200)} ${shorten(req.body)} -> ${res.statusCode} ${shorten(res.body)}`;
      expect(res.statusCode, where).toBeLessThan(500);
      const now = await fingerprint();
      if (res.statusCode >= 400) {
        const body = res.json();
        expect(body, where).toMatchObject({ Status: res.statusCode, ErrorCode: expect.any(String), Message: expect.any(String), FieldErrors: expect.any(Array) });
        expect(now, `a rejected request wrote: ${where}`).toBe(last);
        // Answered before the NUL check: an unknown route, a path segment over the limit, a body over the limit
        // or refused by the JSON parser (prototype keys), a rate limit.
        const beforeNulCheck = [404, 413, 414, 429].includes(res.statusCode) || body.ErrorCode === 'Errors.MalformedBody'
          // The credential checks (onRequest) refuse first: the fuzz holds the admin key, not a person's or an operator's token or the inbound-mail secret.
          || (res.statusCode === 401 && ['accessToken', 'operatorToken', 'inboundMailSecret'].some((s) => op.security.includes(s)));
        if (req.hasNul && !beforeNulCheck) {
          expect(res.statusCode, where).toBe(400);
          expect(body.FieldErrors.map((f: { Message: string }) => f.Message), where).toContain(NUL_MESSAGE);
        }
      } else {
        expect(req.hasNul, `NUL was accepted: ${where}`).toBe(false);
        // A create must show in the fingerprint, or "unchanged" above would prove nothing.
        if (res.statusCode === 201) expect(now, where).not.toBe(last);
      }
      last = now;
    }), { numRuns: RUNS });
  });
});
