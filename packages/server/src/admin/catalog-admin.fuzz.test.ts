import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const count = async (path: string) => JSON.parse((await t.admin({ method: 'GET', url: `/api/v1/admin/${path}?limit=-1` })).body).metadata.total as number;

// Bodies that look almost right: the real field names with arbitrary values, plus junk keys.
const fieldValue = fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }), fc.object({ maxDepth: 1 }));
const planKeys = ['Uid', 'Name', 'PlanFamily', 'MonthlyRate', 'QuarterlyRate', 'AnnualRate', 'OneTimeRate', 'SetupFee', 'MinimumQuantity', 'MaximumPeople', 'TrialPeriodDays', 'TrialUntilDate', 'PlanAddOns', 'AccountRegistrationMode', 'IsPerUser'];
const couponKeys = ['Uid', 'UniqueIdentifier', 'Name', 'PercentOff', 'AmountOff', 'Duration', 'DurationInMonths', 'RedeemBy', 'PlanUids'];
const bodyOf = (keys: string[]) => fc.oneof(
  fc.dictionary(fc.constantFrom(...keys), fieldValue, { maxKeys: keys.length }),
  fc.anything(),
  fc.string(),
);

describe('admin API fuzzing (issue 2: no 5xx, nothing written on rejection)', () => {
  for (const [path, keys] of [['plans', planKeys], ['discountcoupons', couponKeys], ['addons', ['Name', 'BillingAddOnType', 'MonthlyRate', 'MinimumQuantity']], ['planfamilies', ['Uid', 'Name', 'IsDefault']]] as const) {
    it(`POST and PUT /admin/${path} never answer 5xx and never write on rejection`, async () => {
      await fc.assert(fc.asyncProperty(bodyOf([...keys]), fc.boolean(), async (body, asPut) => {
        const before = await count(path);
        const url = asPut ? `/api/v1/admin/${path}/${path === 'plans' ? 'plan-pro' : path === 'discountcoupons' ? 'coupon-welcome' : path === 'addons' ? 'addon-onboarding' : 'fam-academy'}` : `/api/v1/admin/${path}`;
        const res = await t.admin({ method: asPut ? 'PUT' : 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) ?? 'null' });
        expect(res.statusCode).toBeLessThan(500);
        const parsed = JSON.parse(res.body);
        if (res.statusCode >= 400) {
          expect(parsed).toMatchObject({ Status: res.statusCode });
          expect(typeof parsed.ErrorCode).toBe('string');
          expect(await count(path)).toBe(before);
        }
      }), { numRuns: Number(process.env.FC_RUNS ?? 60) });
    });
  }
});
