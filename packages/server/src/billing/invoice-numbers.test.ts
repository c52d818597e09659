import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, inArray } from 'drizzle-orm';
import { invoices } from '../db/schema.ts';
import { newUid } from '../ids/new-uid.ts';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { signedInCustomer } from '../testing/signed-in-test-helpers.ts';
import { unitOfWork } from '../unit-of-work.ts';

let t: TestApp;
let accountUid: string;
beforeAll(async () => {
  t = await createTestApp();
  accountUid = (await signedInCustomer(t, {})).accountUid;
});
afterAll(async () => { await t.close(); });

/** Writes one invoice the way billing does (the number taken in the invoice's own transaction); `fail` rolls it back after the insert. */
async function write(fail = false): Promise<{ uid: string; number: number | null }> {
  const uid = newUid();
  let number: number | null = null;
  await unitOfWork(t.database.db).transaction(async (repos) => {
    number = await repos.invoices.insert({
      uid, accountUid, subscriptionUid: null, invoiceDate: new Date(), currency: 'USD', subtotal: 100, tax: 0, total: 100,
      status: 'Open', taxBehavior: null, lines: [],
    });
    if (fail) throw new Error('the rest of the work failed');
  }).catch((err: unknown) => { if (!fail) throw err; });
  return { uid, number: fail ? null : number };
}

describe('invoice numbers: sequential per company with no gaps (issue 16)', () => {
  it('a rolled-back invoice gives its number back: the next one follows the last committed one', async () => {
    const first = await write();
    await write(true);
    const next = await write();
    expect(next.number).toBe(first.number! + 1);
  });

  it('invoices written at once get distinct consecutive numbers, the rolled-back ones leaving no hole', async () => {
    const before = (await write()).number!;
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => write(i % 4 === 3)));
    const committed = results.filter((r) => r.number !== null);
    const rows = await t.database.db.select({ n: invoices.invoiceNumber }).from(invoices)
      .where(inArray(invoices.uid, committed.map((r) => r.uid))).orderBy(asc(invoices.invoiceNumber));
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: committed.length }, (_, i) => before + 1 + i));
  });
});
