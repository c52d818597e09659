// npm run bench: runs every benchmark in its own process, one after the other, then
// prints a table. Each benchmark writes bench/results/<name>.json; this also writes
// bench/results/summary.json. Exit code 1 when a benchmark crashed or missed its goal
// (BENCH_NO_FAIL=1 keeps it 0); a route that is not available yet is not a failure.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BENCH_DIR, machineInfo, RESULTS_DIR, ROOT, writeResult } from './lib/common.mjs';

const BUDGET_MS = 470_000; // the whole run must stay under 8 minutes
const started = Date.now();
const TSX = ['--import', 'tsx'];
const BENCHES = [
  { name: 'bundle-size', file: 'bundle-size.mjs', args: TSX, capSec: 150 },
  { name: 'support-form-weight', file: 'support-form-weight.mjs', args: TSX, capSec: 120 },
  { name: 'charge-summary-core', file: 'charge-summary-core.ts', args: TSX, capSec: 30 },
  { name: 'invoice-pdf', file: 'invoice-pdf.ts', args: TSX, capSec: 60 },
  { name: 'server-start', file: 'server-start.mjs', capSec: 120 },
  { name: 'server-memory', file: 'server-memory.mjs', args: TSX, capSec: 120 },
  { name: 'init-throughput', file: 'init-throughput.mjs', args: TSX, capSec: 60 },
  { name: 'compute-charge-summary-throughput', file: 'compute-charge-summary-throughput.mjs', args: TSX, capSec: 60 },
  { name: 'register-interactive', file: 'register-interactive.mjs', args: TSX, capSec: 300 },
  { name: 'registrations-throughput', file: 'registrations-throughput.mjs', args: TSX, capSec: 150 },
  { name: 'logins-throughput', file: 'logins-throughput.mjs', args: TSX, capSec: 100 },
  { name: 'profile-latency', file: 'profile-latency.mjs', args: TSX, capSec: 100 },
  { name: 'plan-change-throughput', file: 'plan-change-throughput.mjs', args: TSX, capSec: 180 },
  { name: 'renewal-pass', file: 'renewal-pass.mjs', args: TSX, capSec: 300 },
  // Issue 18 lists: one-click unsubscribes on PostgreSQL vs a bare route; the preferences screen's weight from a mail link.
  { name: 'one-click-unsubscribe-throughput', file: 'one-click-unsubscribe-throughput.mjs', args: TSX, capSec: 180 },
  { name: 'preferences-page-weight', file: 'preferences-page-weight.mjs', args: TSX, capSec: 120 },
  // Issue 19: chat visitors connected to the hub (1,000 and 5,000 on one node, 1,000 across two nodes with Redis).
  { name: 'chat-visitors', file: 'chat-visitors.mjs', args: TSX, capSec: 300 },
  // Issue 20: the console's inbox search by email on 100,000 cases on PostgreSQL (p99).
  { name: 'console-inbox-search', file: 'console-inbox-search.mjs', args: TSX, capSec: 240 },
  // Issue 20: the console's first load, bytes and time to an interactive inbox of 1,000 conversations.
  { name: 'console-first-load', file: 'console-first-load.mjs', args: TSX, capSec: 180 },
];
const only = process.argv.slice(2);

// What npm install does: the migrated PGlite template (a no-op when it exists for the current migrations).
const prep = spawnSync(process.execPath, [...TSX, path.join(ROOT, 'packages/server/src/db/make-pglite-template.ts')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
if (prep.status !== 0) console.error('warning: could not make the PGlite template');

function runOne(b) {
  const remaining = BUDGET_MS - (Date.now() - started);
  const timeoutMs = Math.min(b.capSec * 1000, remaining);
  return new Promise((resolve) => {
    if (timeoutMs <= 5000) return resolve({ ok: false, reason: 'skipped: time budget spent' });
    const t0 = Date.now();
    process.stdout.write(`${b.name} ... `);
    const child = spawn(process.execPath, [...(b.args ?? []), path.join(BENCH_DIR, b.file)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stdout.resume();
    child.stderr.on('data', (d) => { err += d; });
    const timer = setTimeout(() => { err += `\ntimed out after ${timeoutMs} ms`; child.kill('SIGKILL'); }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const sec = ((Date.now() - t0) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? 'done' : 'FAILED'} in ${sec} s\n`);
      resolve(code === 0 ? { ok: true } : { ok: false, reason: err.trim().split('\n').slice(-6).join('\n') });
    });
  });
}

function fmt(v, unit = '') { return v === null || v === undefined ? '—' : `${typeof v === 'number' ? v.toLocaleString('en-US') : v}${unit}`; }
const verdict = (p) => (p === true ? 'PASS' : p === false ? 'FAIL' : 'n/a');

const rows = [];
let failed = 0;
for (const b of BENCHES.filter((x) => only.length === 0 || only.includes(x.name))) {
  const r = await runOne(b);
  const file = path.join(RESULTS_DIR, `${b.name}.json`);
  let res;
  if (!r.ok) {
    console.error(r.reason);
    res = writeResult(b.name, { goal: existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).goal : { text: '' }, status: 'error', figures: { error: r.reason }, forcePass: false });
  } else res = JSON.parse(readFileSync(file, 'utf8'));
  if (res.pass === false) failed++;
  rows.push(...tableRows(res));
}


/** The lines of the console table for one result: its main figures, the baseline and the goal. */
function tableRows(r) {
  const f = r.figures ?? {};
  if (r.status !== 'ok') return [[r.name, 'status', r.status, r.goal?.text ? `${r.goal.metric} ${r.goal.op} ${r.goal.value}` : '', verdict(r.pass)]];
  switch (r.name) {
    case 'support-form-weight': return [
      [r.name, 'help form transferred', fmt(f.supportFormTransferredKB, ' KB'), '≤ 91 KB', verdict(r.pass)],
      ['', 'JS transferred / repeat visit', `${fmt(f.jsTransferredKB, ' KB')} / ${fmt(f.repeatVisitTransferredKB, ' KB')}`, '', ''],
      ['', 'captcha after a focus / solved in', `${fmt(f.captchaAfterFocusTransferredKB, ' KB')} / ${fmt(f.captchaSolvedAfterFocusMs, ' ms')}`, '', ''],
    ];
    case 'preferences-page-weight': return [
      [r.name, 'preferences screen transferred', fmt(f.preferencesTransferredKB, ' KB'), '≤ 91 KB', verdict(r.pass)],
      ['', 'JS transferred', fmt(f.jsTransferredKB, ' KB'), '', ''],
    ];
    case 'bundle-size': return [
      [r.name, 'loader transferred', fmt(f.loaderTransferredKB, ' KB'), '≤ 12 KB', verdict(f.loaderPass)],
      ['', 'first screen transferred', fmt(f.firstScreenTransferredKB, ' KB'), '≤ 91 KB', verdict(f.firstScreenPass)],
      ['', 'whole way to a paid sign-up', fmt(f.wholeWayToPaidSignUpTransferredKB, ' KB'), '≤ 150 KB', verdict(f.wholeWayToPaidSignUpPass)],
      ['', 'first screen JS raw / gzip', `${fmt(f.firstScreenJsRawKB, ' KB')} / ${fmt(f.firstScreenJsGzipKB, ' KB')}`, '', ''],
      ['', 'way to checkout / payment', `${fmt(f.wayToCheckoutTransferredKB, ' KB')} / ${fmt(f.paymentTransferredKB, ' KB')}`, '', ''],
      ['', 'demo page transferred', fmt(f.demoPageFirstScreenTransferredKB, ' KB'), '', ''],
      ['', 'repeat visit transferred', fmt(f.repeatVisitTransferredKB, ' KB'), '', ''],
    ];
    case 'charge-summary-core': return [
      [r.name, 'summaries/s (median)', fmt(f.summariesPerSecMedian), '≥ 200,000', verdict(r.pass)],
      ['', 'baseline JSON.parse/s', fmt(f.baselineJsonParsePerSecMedian), `ratio ${f.ratioVsJsonParseBaseline}`, ''],
    ];
    case 'server-start': return [
      [r.name, 'first start: ours / bare', `${f.firstStart.porticoMedianSec} s / ${f.firstStart.barePgliteMedianSec} s`, `extra ${f.firstStart.extraSec} s < 0.5 s`, verdict(f.firstStart.pass)],
      ['', 'second start: ours / bare', `${f.secondStart.porticoMedianSec} s / ${f.secondStart.barePgliteMedianSec} s`, `extra ${f.secondStart.extraSec} s < 0.5 s`, verdict(f.secondStart.pass)],
    ];
    case 'server-memory': return [
      [r.name, 'PGlite idle RSS: 1st / 2nd start', `${fmt(f.pgliteIdleRssMB, ' MB')} / ${fmt(f.pgliteSecondStartIdleRssMB, ' MB')}`, `≤ ${r.goal.value} MB`, verdict(r.pass)],
      ['', '  before issue 14', `${fmt(f.before?.pglite?.idleRssMB, ' MB')} / ${fmt(f.before?.pglite?.secondStartIdleRssMB, ' MB')}`, '', ''],
      ['', 'PGlite peak RSS under load', `${fmt(f.pglitePeakRssMB, ' MB')} (before ${fmt(f.before?.pglite?.peakRssDuringLoadMB, ' MB')})`, '', ''],
      ['', 'PGlite idle, no template (initdb)', `${fmt(f.pgliteWithoutTemplateIdleRssMB, ' MB')} (before ${fmt(f.before?.pglite?.withoutTemplateIdleRssMB, ' MB')})`, '', ''],
      ['', 'PostgreSQL idle / peak RSS', `${fmt(f.postgresIdleRssMB, ' MB')} / ${fmt(f.postgresPeakRssMB, ' MB')}`, '', ''],
      ['', '  before issue 14', `${fmt(f.before?.postgres?.idleRssMB, ' MB')} / ${fmt(f.before?.postgres?.peakRssDuringLoadMB, ' MB')}`, '', ''],
    ];
    case 'register-interactive': return [
      [r.name, 'script → typeable form (median)', fmt(f.medianScriptToInteractiveMs, ' ms'), '≤ 200 ms', verdict(r.pass)],
      ['', 'React floor, same run (median)', fmt(f.reactFloorMedianScriptToInteractiveMs, ' ms'), `ratio ${f.ratioOursOverReactFloor}`, ''],
      ['', 'register embed as first screen', fmt(f.registerFirstScreenTransferredKB, ' KB'), '', ''],
    ];
    case 'registrations-throughput': return [
      [r.name, 'free sign-ups/s PGlite / PG', `${fmt(f.pgliteFreeRegistrationsPerSec)} / ${fmt(f.postgresFreeRegistrationsPerSec)}`, 'recorded', verdict(r.pass)],
      ['', 'paid sign-ups/s PGlite / PG', `${fmt(f.pglitePaidRegistrationsPerSec)} / ${fmt(f.postgresPaidRegistrationsPerSec)}`, '', ''],
      ['', 'peak server RSS PGlite / PG', `${fmt(f.pglitePeakRssMB, ' MB')} / ${fmt(f.postgresPeakRssMB, ' MB')}`, '', ''],
      ['', 'argon2 hashes/s · bare req/s', `${fmt(f.argon2HashesPerSec)} · ${fmt(f.bareRequestsPerSec)}`, `${f.concurrency} concurrent`, ''],
    ];
    case 'logins-throughput': return [
      [r.name, 'logins/s / argon2 verifies/s', `${fmt(f.loginsPerSec)} / ${fmt(f.argon2VerificationsPerSec)}`, `ratio ${f.ratioLoginsOverArgon2} ≥ 0.85`, verdict(r.pass)],
    ];
    case 'profile-latency': return [
      [r.name, `${f.measuredPath} req/s ours / bare`, `${fmt(f.oursRequestsPerSec)} / ${fmt(f.bareRequestsPerSec)}`, `ratio ${f.ratioOursOverBare} ≥ 0.5`, verdict(r.pass)],
      ['', `p99 at ${f.connections} connections (PG)`, `${f.oursLatencyP99ms} ms`, '', ''],
    ];
    case 'renewal-pass': return [
      ...(f.oneRunner ?? []).map((x, i) => [i === 0 ? r.name : '', `pass of ${fmt(x.n)} (${f.until})`, `${x.wallSeconds} s, ${fmt(x.renewalsPerSec)}/s, peak ${x.peakRssMB.join('/')} MB`, x.n === 100_000 ? '< 60 s' : '', x.n === 100_000 ? verdict(r.pass) : '']),
      ['', `two runners at ${fmt(f.twoRunners?.n)}`, `${f.twoRunnersSpeedup}× one, ${f.twoRunners?.doubles} doubles`, '≥ 1.6×, 0 doubles', ''],
    ];
    case 'chat-visitors': return [
      [r.name, 'reply → visitor p99 at 1,000 (1 node)', fmt(f.oneNode1000?.deliveryP99ms, ' ms'), '< 50 ms', verdict(r.pass)],
      ['', 'KB per visitor at 1,000 / 5,000', `${fmt(f.kbPerVisitorAt1000)} / ${fmt(f.kbPerVisitorAt5000)}`, '≤ 20 KB', ''],
      ['', 'send ack p50/p99 at 1,000 / 5,000', `${fmt(f.oneNode1000?.sendAckP50ms)}/${fmt(f.oneNode1000?.sendAckP99ms)} / ${fmt(f.oneNode5000?.sendAckP50ms)}/${fmt(f.oneNode5000?.sendAckP99ms)} ms`, '', ''],
      ['', 'two nodes (Redis) reply p50/p99', `${fmt(f.twoNodesRedis1000?.deliveryP50ms)} / ${fmt(f.twoNodesRedis1000?.deliveryP99ms)} ms`, '', ''],
    ];
    case 'console-first-load': return [
      [r.name, 'click → interactive inbox of 1,000', fmt(f.interactiveInboxMs, ' ms'), `${r.goal.op} ${r.goal.value} ms`, verdict(r.pass)],
      ['', 'first load transferred', fmt(f.firstLoadTransferredKB, ' KB'), 'recorded', ''],
    ];
    case 'console-inbox-search': return [
      [r.name, `search p50 / p99 (${fmt(f.cases)} cases, PG)`, `${fmt(f.p50Ms)} / ${fmt(f.p99Ms)} ms`, `p99 ${r.goal.op} ${r.goal.value} ms`, verdict(r.pass)],
    ];
    default: return [
      [r.name, 'req/s ours / bare', `${fmt(f.oursRequestsPerSec)} / ${fmt(f.bareRequestsPerSec)}`, `ratio ${f.ratioOursOverBare} ${r.goal.op} ${r.goal.value}`, verdict(r.pass)],
      ['', 'p99 ours / bare', `${f.oursLatencyP99ms} ms / ${f.bareLatencyP99ms} ms`, f.oursNon2xx ? `${f.oursNon2xx} non-2xx!` : '', ''],
    ];
  }
}

const head = ['benchmark', 'figure', 'value', 'goal', 'result'];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join(' │ ');
console.log(`\n${line(head)}\n${widths.map((w) => '─'.repeat(w)).join('─┼─')}`);
for (const r of rows) console.log(line(r));
const m = machineInfo();
console.log(`\n${m.cpus} CPUs (${m.cpuModel}), Node ${m.node}, load ${m.loadavg1m}; ${((Date.now() - started) / 1000).toFixed(0)} s; details in bench/results/*.json`);
writeFileSync(path.join(RESULTS_DIR, 'summary.json'), `${JSON.stringify({ date: new Date().toISOString(), machine: m, rows: rows.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i]]))) }, null, 2)}\n`);
if (failed) console.log(`${failed} benchmark(s) missed a goal or failed.`);
process.exit(failed && process.env.BENCH_NO_FAIL !== '1' ? 1 : 0);
