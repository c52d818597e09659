// compute-charge-summary-throughput: POST /api/v1/billing/subscriptions/compute-charge-summary?asOf=now
// of the real app vs a bare Fastify POST route (JSON body parsed, same answer text), both in
// this process; autocannon in a child process. Run with: node --import tsx bench/compute-charge-summary-throughput.mjs
import { writeResult } from './lib/common.mjs';
import { compareThroughput, LOAD_METHOD } from './lib/http-compare.mjs';
import { startBare, startPortico, watchdog } from './lib/servers.mjs';

watchdog(90);
const PATH = '/api/v1/billing/subscriptions/compute-charge-summary';
const QUERY = '?asOf=now';
// A demo-company subscription (packages/server/config/demo-company.yaml), shaped by
// subscriptionInput in packages/server/src/billing/billing.schemas.ts: plan, 2 add-ons, coupon, CA tax.
const BODY = JSON.stringify({
  Plan: { Uid: 'plan-pro' },
  Quantity: 1,
  BillingRenewalTerm: 'Monthly',
  SubscriptionAddOns: [
    { AddOn: { Uid: 'addon-priority-support' }, Quantity: 1 },
    { AddOn: { Uid: 'addon-extra-dashboards' }, Quantity: 3 },
  ],
  DiscountCouponSubscriptions: [{ DiscountCoupon: { UniqueIdentifier: 'WELCOME20' } }],
  Account: { BillingAddress: { Country: 'US', State: 'CA' } },
});
const HEADERS = { 'content-type': 'application/json' };
const goal = { text: 'POST compute-charge-summary ≥ 0.4 × the requests/s of a bare Fastify POST route (same body, same answer)', metric: 'ratioOursOverBare', op: '>=', value: 0.4, unit: 'ratio' };

const portico = await startPortico();
const res = await fetch(portico.url + PATH + QUERY, { method: 'POST', headers: HEADERS, body: BODY });
const answer = await res.text();
if (res.status !== 200) {
  await portico.close();
  // Not registered yet: Fastify answers 404, or 405 when another method is routed on a matching path.
  const unavailable = res.status === 404 || res.status === 405;
  const result = writeResult('compute-charge-summary-throughput', {
    goal,
    status: unavailable ? 'route not available' : `request failed (HTTP ${res.status})`,
    figures: { httpStatus: res.status, answer: answer.slice(0, 1000), requestBody: JSON.parse(BODY) },
    method: 'The route answered something else than 200 to one POST before any load; nothing was measured.',
    notes: unavailable ? [`POST answered ${res.status}: the route is not registered yet; re-run \`npm run bench\` once it is.`] : [],
    // A missing route does not fail the run (pass null); a broken one does.
    forcePass: unavailable ? null : false,
  });
  console.log(JSON.stringify({ name: result.name, pass: result.pass, status: result.status }));
  process.exit(0);
}

const bare = await startBare('POST', PATH, answer);
const f = await compareThroughput({
  ours: { url: portico.url + PATH + QUERY, method: 'POST', headers: HEADERS, body: BODY },
  bare: { url: bare.url + PATH + QUERY, method: 'POST', headers: HEADERS, body: BODY },
});
await portico.close();
await bare.close();

const result = writeResult('compute-charge-summary-throughput', {
  goal,
  actual: f.ratioOursOverBare,
  alsoRequired: f.oursNon2xx === 0,
  figures: { requestBytes: Buffer.byteLength(BODY), answerBytes: Buffer.byteLength(answer), ...f, requestBody: JSON.parse(BODY) },
  method: `${LOAD_METHOD} Ours: startServer() from packages/server/src (tsx), PGlite in a fresh temp data folder, LOG_LEVEL=silent, NODE_ENV=production, POST ${PATH}${QUERY} with the body in requestBody (no Authorization). Bare: Fastify() with one POST route (default JSON body parser, no schema) sending the answer text ours gave to the same body. Any non-2xx answer of ours fails the benchmark (e.g. a rate limit).`,
  notes: f.oursNon2xx || f.bareNon2xx ? [`non-2xx/errors: ours ${f.oursNon2xx}, bare ${f.bareNon2xx}`] : [],
});
console.log(JSON.stringify({ name: result.name, pass: result.pass }));
process.exit(0);
