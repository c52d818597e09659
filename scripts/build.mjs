// Builds what `npm start`, the e2e tests and the benchmarks run: the widget
// and the operator console (Vite, packages/widget: its build script ends with
// vite.console.config.ts → dist/console/) and the server bundle (esbuild). Each part is skipped when its output
// is newer than every source file it is built from.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { precompress } from './precompress.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');

function newest(entries) {
  let latest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      if (/node_modules|dist/.test(path.basename(p))) return;
      for (const e of readdirSync(p)) walk(path.join(p, e));
    } else latest = Math.max(latest, st.mtimeMs);
  };
  entries.forEach((e) => walk(path.join(root, e)));
  return latest;
}
const mtime = (p) => (existsSync(path.join(root, p)) ? statSync(path.join(root, p)).mtimeMs : 0);
const stale = (output, inputs) => force || mtime(output) < newest(inputs);

const t0 = performance.now();
if (stale('packages/widget/dist/portico.js', ['packages/widget/src', 'packages/widget/demo', 'packages/widget/vite.config.ts', 'packages/widget/vite.loader.config.ts', 'packages/widget/vite.chat-socket.config.ts', 'packages/widget/vite.console.config.ts', 'packages/widget/vite.build-plugins.ts', 'packages/core/src']) || !existsSync(path.join(root, 'packages/widget/dist/console/index.html'))) {
  const r = spawnSync('npm', ['run', 'build', '-w', '@portico/widget', '--silent'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// Brotli and gzip copies beside each widget file, served as they are (static.routes.ts, preCompressed).
if (stale('packages/widget/dist/portico.js.br', ['packages/widget/dist/portico.js'])) await precompress(path.join(root, 'packages/widget/dist'));
if (stale('packages/server/dist/main.mjs', ['packages/server/src', 'packages/core/src']) || !existsSync(path.join(root, 'packages/server/dist/run-renewals.mjs'))) {
  rmSync(path.join(root, 'packages/server/dist'), { recursive: true, force: true }); // no stale hashed chunks
  await build({
    // The PGlite worker is its own entry: a worker thread starts from a file (db/pglite-thread.ts),
    // and so does the initdb child process (db/pglite-initdb-process.ts).
    entryPoints: {
      main: path.join(root, 'packages/server/src/main.ts'),
      // `npm run renewals`: one renewal pass on demand (run-renewals.ts).
      'run-renewals': path.join(root, 'packages/server/src/run-renewals.ts'),
      'pglite-worker': path.join(root, 'packages/server/src/db/pglite-worker.ts'),
      'pglite-initdb': path.join(root, 'packages/server/src/db/pglite-initdb.ts'),
    },
    outdir: path.join(root, 'packages/server/dist'),
    outExtension: { '.js': '.mjs' },
    // Dynamic imports become chunks that load their npm packages only when imported (see start-server.ts).
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    // Our own workspace code is bundled (it is TypeScript); every npm package stays a normal import.
    plugins: [{
      name: 'externals',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@portico/') ? undefined : { path: args.path, external: true }));
      },
    }],
  });
}
if (!process.argv.includes('--quiet')) console.log(`build ready in ${Math.round(performance.now() - t0)} ms`);
