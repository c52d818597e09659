// bundle-size: gzipped bytes of the widget loader and of the JS the first screen needs.
// Reads the built files in packages/widget/dist (run scripts/build.mjs first).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { ROOT, writeResult } from './lib/common.mjs';

const DIST = path.join(ROOT, 'packages/widget/dist');
const CHUNKS = path.join(DIST, 'chunks');
const LOADER = path.join(DIST, 'portico.js');
const ENTRY = path.join(CHUNKS, 'app.js');
const GOAL_LOADER = 12 * 1024;
const GOAL_FIRST = 100 * 1024;

const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const rel = (f) => path.relative(DIST, f).split(path.sep).join('/');

// Static: `import{..}from"./x.js"`, `export{..}from"./x.js"`, `import"./x.js"`. Dynamic: `import("./x.js")`.
const STATIC_RE = /(?:\bfrom|\bimport)\s*(["'`])(\.\.?\/[^"'`]+)\1/g;
const DYNAMIC_RE = /\bimport\s*\(\s*(["'`])(\.\.?\/[^"'`]+)\1\s*\)/g;
const specifiers = (file, re) => [...readFileSync(file, 'utf8').matchAll(re)].map((m) => path.resolve(path.dirname(file), m[2]));

/** The file and every file it imports statically, recursively (a Set in discovery order). */
function staticClosure(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  if (!existsSync(file)) throw new Error(`missing chunk ${file}`);
  seen.add(file);
  for (const dep of specifiers(file, STATIC_RE)) staticClosure(dep, seen);
  return seen;
}

function describe(files) {
  const list = [...files].map((f) => {
    const buf = readFileSync(f);
    return { file: rel(f), rawBytes: buf.length, gzipBytes: gz(buf) };
  });
  return { files: list, rawBytes: list.reduce((s, f) => s + f.rawBytes, 0), gzipBytes: list.reduce((s, f) => s + f.gzipBytes, 0) };
}

/** Reference measured in the same run: React 19 + react-dom hello world, minified ESM, gzip -9. */
async function reactFloor() {
  const out = await build({
    stdin: {
      contents: "import { createRoot } from 'react-dom/client'; import { jsx } from 'react/jsx-runtime'; createRoot(document.body).render(jsx('p', { children: 'hello' }));",
      resolveDir: path.join(ROOT, 'packages/widget'),
      loader: 'js',
    },
    bundle: true, minify: true, format: 'esm', target: 'es2022', write: false, logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const buf = Buffer.from(out.outputFiles[0].contents);
  return { rawBytes: buf.length, gzipBytes: gz(buf) };
}

const loader = describe([LOADER]);
const appClosure = staticClosure(ENTRY);
// Lazy screens imported with import() from anywhere in the entry's static closure.
const lazy = [...appClosure].flatMap((f) => specifiers(f, DYNAMIC_RE));
const selectPlanChunk = lazy.find((f) => path.basename(f).includes('select-plan'));
const selectPlanExtra = selectPlanChunk ? [...staticClosure(selectPlanChunk)].filter((f) => !appClosure.has(f)) : [];
const firstScreen = describe([LOADER, ...appClosure, ...selectPlanExtra]);
const floor = await reactFloor();
const firstKB = firstScreen.gzipBytes / 1024;

const result = writeResult('bundle-size', {
  alsoRequired: loader.gzipBytes <= GOAL_LOADER,
  goal: { text: 'first-screen JS (loader + app entry + static imports + selectPlan lazy chain) ≤ 100 KB gzip; loader ≤ 12 KB gzip', metric: 'firstScreenGzipKB', op: '<=', value: 100, unit: 'KB' },
  actual: Number(firstKB.toFixed(2)),
  figures: {
    loaderGzipKB: Number((loader.gzipBytes / 1024).toFixed(2)),
    loaderGoalKB: 12,
    loaderPass: loader.gzipBytes <= GOAL_LOADER,
    firstScreenGzipKB: Number(firstKB.toFixed(2)),
    firstScreenGoalKB: 100,
    firstScreenPass: firstScreen.gzipBytes <= GOAL_FIRST,
    firstScreenRawKB: Number((firstScreen.rawBytes / 1024).toFixed(2)),
    selectPlanLazyChunk: selectPlanChunk ? rel(selectPlanChunk) : null,
    reactFloorGzipKB: Number((floor.gzipBytes / 1024).toFixed(2)),
    firstScreenOverReactFloorKB: Number(((firstScreen.gzipBytes - floor.gzipBytes) / 1024).toFixed(2)),
    firstScreenVsReactFloorRatio: Number((firstScreen.gzipBytes / floor.gzipBytes).toFixed(2)),
    firstScreenFiles: firstScreen.files,
    lazyChunksNotCounted: [...new Set(lazy.map(rel))].filter((f) => !firstScreen.files.some((x) => x.file === f)),
  },
  method: 'zlib gzip level 9 of each file separately (as served), summed. First screen = dist/portico.js + chunks/app.js + its static import closure (import/export ... from "./x.js" and import "./x.js", followed recursively) + the chunk reached by the dynamic import() whose file name contains "select-plan" and that chunk\'s static closure (files already counted are not counted twice). Other dynamic import() chunks are not counted. reactFloor: react + react-dom/client hello world bundled and minified by esbuild in the same run.',
});
console.log(JSON.stringify({ name: 'bundle-size', pass: result.pass }));
