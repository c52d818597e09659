// register-interactive's baseline, measured in the same run: the least any React widget does
// between its script tag and a typeable field. A classic script (floor.js) imports an ES module
// (floor-app.js: React 19 + react-dom/client, minified by esbuild) that renders a "Sign up" region
// with an Email field into an open shadow root of [data-floor-embed]. Both files are brotli 11 and
// served by a static server in its own process on its own origin (static-origin.mjs), as the
// Portico server serves portico.js and chunks/app.js to a host page of another origin.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { build } from 'esbuild';
import { BENCH_DIR, ROOT } from './common.mjs';

const LOADER = "import(new URL('floor-app.js', document.currentScript.src).href);\n";
const APP = `import { createRoot } from 'react-dom/client';
import { jsx, jsxs } from 'react/jsx-runtime';
const host = document.querySelector('[data-floor-embed]');
const container = document.createElement('div');
host.attachShadow({ mode: 'open' }).appendChild(container);
createRoot(container).render(jsxs('section', { 'aria-label': 'Sign up', children: [
  jsx('h2', { children: 'Sign up' }),
  jsxs('label', { children: ['Email', jsx('input', { type: 'email', name: 'email', autoComplete: 'email' })] }),
] }));
`;

/** The host page of the baseline (same shape as the register page). */
export const floorPage = (origin) => `<!doctype html>\n<html lang="en">\n<head>\n  <meta charset="utf-8">\n  <meta name="viewport" content="width=device-width, initial-scale=1">\n  <title>Sign up</title>\n  <script src="${origin}/floor.js" defer></script>\n</head>\n<body>\n  <main>\n    <div data-floor-embed></div>\n  </main>\n</body>\n</html>\n`;

/** Builds the two files and starts their server; resolves to { url, sizes, stop }. */
export async function startReactFloor() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portico-react-floor-'));
  const out = await build({
    stdin: { contents: APP, resolveDir: path.join(ROOT, 'packages/widget'), loader: 'js' },
    bundle: true, minify: true, format: 'esm', target: 'es2022', write: false, logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const files = { 'floor.js': Buffer.from(LOADER), 'floor-app.js': Buffer.from(out.outputFiles[0].contents) };
  const sizes = {};
  for (const [name, buf] of Object.entries(files)) {
    const br = brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    writeFileSync(path.join(dir, name), buf);
    writeFileSync(path.join(dir, `${name}.br`), br);
    sizes[name] = { rawBytes: buf.length, brotliBytes: br.length };
  }
  const child = spawn(process.execPath, [path.join(BENCH_DIR, 'lib/static-origin.mjs'), dir], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = await new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (d) => { text += d; const m = /listening (\S+)/.exec(text); if (m) resolve(m[1]); });
    void exited.then((code) => reject(new Error(`static origin exited with ${code}`)));
  });
  return {
    url,
    sizes,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
