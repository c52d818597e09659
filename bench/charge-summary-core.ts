// charge-summary-core: chargeSummary() calls per second on one thread for the 5-line
// subscription with coupon and tax of `fiveLineSubscriptionWithCouponAndTax()` (packages/core/src/billing/test-fixtures.ts).
// Run with: node --import tsx bench/charge-summary-core.ts
import { chargeSummary } from '../packages/core/src/billing/charge-summary.ts';
import type { ChargeSummaryInput } from '../packages/core/src/billing/charge-summary.types.ts';
import { fiveLineSubscriptionWithCouponAndTax } from '../packages/core/src/billing/test-fixtures.ts';
// @ts-expect-error plain JS helper
import { median, round, writeResult } from './lib/common.mjs';

const input: ChargeSummaryInput = fiveLineSubscriptionWithCouponAndTax();

const lines = chargeSummary(input).InvoiceDisplayItems.length;
if (lines !== 6) throw new Error(`expected 6 invoice lines (5 + discount), got ${lines}`);

/** ops/s of fn over n calls; the sink keeps the results alive so nothing is optimised away. */
function rate(fn: () => number, n: number): number {
  let sink = 0;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) sink += fn();
  const ms = performance.now() - t0;
  if (!(sink > 0)) throw new Error('sink');
  return (n / ms) * 1000;
}

// Baseline in the same run: a JSON round trip of the same input (a fixed, engine-bound
// workload of similar size), so the figure can be compared across noisy machines.
const json = JSON.stringify(input);
const core = () => chargeSummary(input).Total;
const baseline = () => (JSON.parse(json) as { quantity: number }).quantity;

const N = 100_000;
const SAMPLES = 7;
rate(core, 50_000); // warm-up (JIT)
rate(baseline, 50_000);
const coreRates: number[] = [];
const baseRates: number[] = [];
for (let s = 0; s < SAMPLES; s++) {
  coreRates.push(rate(core, N));
  baseRates.push(rate(baseline, N));
}
const coreMedian = median(coreRates);
const baseMedian = median(baseRates);

const result = writeResult('charge-summary-core', {
  goal: { text: '≥ 200,000 charge summaries/s on one core (5-line subscription, coupon, tax)', metric: 'summariesPerSecMedian', op: '>=', value: 200_000, unit: '/s' },
  actual: round(coreMedian),
  figures: {
    summariesPerSecMedian: round(coreMedian),
    summariesPerSecBest: round(Math.max(...coreRates)),
    summariesPerSecSamples: coreRates.map((r) => round(r)),
    microsPerSummary: round(1e6 / coreMedian, 2),
    baselineJsonParsePerSecMedian: round(baseMedian),
    ratioVsJsonParseBaseline: round(coreMedian / baseMedian, 3),
    jsonBytes: json.length,
    invoiceLines: lines,
  },
  method: `Input fiveLineSubscriptionWithCouponAndTax() from packages/core/src/billing/test-fixtures.ts (per-user plan ×7 with setup fee, 3 add-ons, 15% coupon, US/CA exclusive tax; 6 invoice lines). One thread, code loaded through tsx (esbuild transform, same as the server bundle). Warm-up 50,000 calls, then ${SAMPLES} samples of ${N.toLocaleString('en-US')} calls; the goal uses the median sample. Baseline (same run, interleaved samples): JSON.parse of the same input serialized (${json.length} bytes).`,
});
console.log(JSON.stringify({ name: result.name, pass: result.pass }));
