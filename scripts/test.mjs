// `npm test`: lint, type-check, unit and API tests on embedded PGlite, the same API
// tests on PostgreSQL when TEST_DATABASE_URL is set, then the Chromium e2e.
// Every part runs; the run fails if any part failed or ran no test.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'portico-test-report-'));
const only = process.argv.slice(2);
const results = [];

function step(name, command, args, env = {}, report) {
  if (only.length && !only.includes(name)) return;
  console.log(`\n=== ${name} ===`);
  const started = performance.now();
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  let passed = 0, failed = 0;
  if (report) {
    try {
      const json = JSON.parse(readFileSync(report, 'utf8'));
      passed = json.numPassedTests; failed = json.numFailedTests + (json.numRuntimeErrorTestSuites ?? 0);
    } catch { failed += 1; }
    if (passed + failed === 0) { console.error(`${name}: ran no test`); failed = 1; }
  }
  const ok = r.status === 0 && failed === 0;
  results.push({ name, ok, passed, failed, seconds });
}

const vitest = (name, extra, env = {}) => {
  const report = path.join(tmp, `${name}.json`);
  step(name, process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...extra, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env, report);
};

// ESLint (typescript-eslint recommended + the React hooks rules), before the slower steps: eslint.config.js.
step('lint', process.execPath, [path.join(root, 'node_modules/eslint/bin/eslint.js'), '--max-warnings=0', 'packages/core/src', 'packages/server/src', 'packages/widget/src', 'e2e']);
step('typecheck', 'sh', ['-c', ['packages/core', 'packages/server', 'packages/widget', 'e2e'].map((p) => `node node_modules/typescript/bin/tsc -p ${p}`).join(' && ')]);
// The OpenAPI document as /api/docs/json serves it, linted with Redocly's recommended rules:
// any error fails the run, warnings are printed (docs/api-docs.md).
const openapiFile = path.join(tmp, 'openapi.json');
step('openapi lint', 'sh', ['-c', `node --import tsx packages/server/src/openapi/write-openapi.ts ${JSON.stringify(openapiFile)} && node node_modules/@redocly/cli/bin/cli.js lint --extends recommended ${JSON.stringify(openapiFile)}`], { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' });
vitest('unit+api (PGlite)', [], { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) vitest('api (PostgreSQL)', ['--project', 'server']);
else if (!only.length) console.log('\n(TEST_DATABASE_URL not set: the API suite ran on PGlite only; .ci/run runs it on PostgreSQL too)');
step('build', process.execPath, [path.join(root, 'scripts/build.mjs')]);
vitest('e2e (Chromium)', ['--config', 'e2e/vitest.config.ts']);

rmSync(tmp, { recursive: true, force: true });
console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(22)} ${r.passed} passed, ${r.failed} failed (${r.seconds} s)`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed + (r.ok ? 0 : r.failed === 0 ? 1 : 0), 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
