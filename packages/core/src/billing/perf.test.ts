import { describe, expect, it } from 'vitest';
import { chargeSummary } from './charge-summary.ts';
import { fiveLineSubscriptionWithCouponAndTax } from './test-fixtures.ts';
import type { ChargeSummaryInput } from './charge-summary.types.ts';

/** A 5-line subscription with coupon and tax: plan, setup fee, three add-ons (+ the discount line). */
const benchInput: ChargeSummaryInput = fiveLineSubscriptionWithCouponAndTax();

/** core compiles without DOM/Node types; reach the runtime globals through a narrow type. */
const runtime = globalThis as unknown as { performance: { now(): number }; console: { info(msg: string): void } };

function rate(input: ChargeSummaryInput, n: number): number {
  const t0 = runtime.performance.now();
  let sink = 0;
  for (let i = 0; i < n; i++) sink += chargeSummary(input).Total;
  const ms = runtime.performance.now() - t0;
  expect(sink).toBeGreaterThan(0);
  return (n / ms) * 1000;
}

describe('performance', () => {
  it('computes > 200,000 summaries/s for a 5-line subscription with coupon and tax (asserted at a CI-safe 50,000/s)', () => {
    expect(chargeSummary(benchInput).InvoiceDisplayItems).toHaveLength(6);
    rate(benchInput, 20_000); // warm-up
    const perSecond = rate(benchInput, 100_000);
    runtime.console.info(`chargeSummary: ${Math.round(perSecond).toLocaleString('en-US')} summaries/s`);
    expect(perSecond).toBeGreaterThan(50_000);
  });
});
