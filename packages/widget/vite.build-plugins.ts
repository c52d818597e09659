import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { STATE_NAMES } from '../core/src/states/state-names.ts';

/**
 * Which chunks each state's screen needs besides chunks/app.js, as the loader preloads them
 * (src/loader/screen-preload.ts), in a compact form since it travels in every first screen:
 * `files` = chunk names without `.js`, space-separated; `states` = one entry per STATE_NAMES
 * state in that order, then one for the popup's dialog (POPUP_FRAME), separated by `|`, each the
 * base-36 indexes of its files (comma-separated): the screen's own chunk first, then every chunk
 * it imports statically, transitively.
 */
export interface ScreenChunks {
  files: string;
  states: string;
}

const PACKAGE_DIR = path.dirname(fileURLToPath(import.meta.url));

/** Written by the app build (build 1), read by the loader build (build 2, vite.loader.config.ts). */
export const SCREEN_CHUNKS_FILE = path.resolve(PACKAGE_DIR, 'node_modules/.cache/portico-widget/screen-chunks.json');

const APP_CHUNK = 'chunks/app.js';
/** The popup's dialog (src/app/popup-frame.tsx, a lazy chunk): one more entry after the states. */
export const POPUP_FRAME = '__popup';

/**
 * The screen module of each row of src/states.ts: `name: built(() => import('./x.tsx'), …)`, or the
 * shared "not available" screen for `name: notAvailable(…)`. Read from the source because the
 * table itself imports React types and every screen; the build fails if a state is missing.
 */
export function screenModules(statesSource: string, srcDir: string): Map<string, string> {
  const notAvailable = /const notAvailable = [\s\S]{0,200}?import\('([^']+)'\)/.exec(statesSource)?.[1];
  if (!notAvailable) throw new Error('screen-chunks: src/states.ts no longer defines notAvailable() with its import');
  const rows = new Map<string, string>();
  for (const m of statesSource.matchAll(/^\s*(\w+): (?:built\(\(\) => import\('([^']+)'\)|notAvailable\()/gm)) {
    rows.set(m[1]!, path.resolve(srcDir, m[2] ?? notAvailable));
  }
  rows.set(POPUP_FRAME, path.resolve(srcDir, 'app/popup-frame.tsx'));
  const missing = STATE_NAMES.filter((s) => !rows.has(s));
  if (missing.length) throw new Error(`screen-chunks: no screen found in src/states.ts for ${missing.join(', ')}`);
  return rows;
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  imports: string[];
  modules: Record<string, unknown>;
}

/** The state → chunks table of a finished bundle (file names relative to chunks/). */
export function screenChunks(bundle: Record<string, ChunkLike | { type: 'asset' }>, modules: Map<string, string>): ScreenChunks {
  const chunks = Object.values(bundle).filter((c): c is ChunkLike => c.type === 'chunk');
  const chunkOf = new Map<string, ChunkLike>();
  for (const c of chunks) for (const id of Object.keys(c.modules)) chunkOf.set(id, c);
  const files: string[] = [];
  const index = (fileName: string) => {
    const name = fileName.replace(/^chunks\//, '').replace(/\.js$/, '');
    const at = files.indexOf(name);
    return at >= 0 ? at : files.push(name) - 1;
  };
  const states = [...STATE_NAMES, POPUP_FRAME].map((state) => {
    const module = modules.get(state)!;
    const own = chunkOf.get(module);
    if (!own) throw new Error(`screen-chunks: ${module} (state ${state}) is in no chunk`);
    const seen = new Set<string>([own.fileName]);
    const queue = [own];
    for (let c = queue.shift(); c; c = queue.shift()) {
      for (const dep of c.imports) {
        const next = bundle[dep];
        if (seen.has(dep) || !next || next.type !== 'chunk') continue;
        seen.add(dep);
        queue.push(next);
      }
    }
    seen.delete(APP_CHUNK); // the loader imports it anyway
    return [...seen].map((f) => index(f).toString(36)).join(',');
  });
  return { files: files.join(' '), states: states.join('|') };
}

/** Build 1's plugin: writes SCREEN_CHUNKS_FILE once the chunks have their final names. */
export function screenChunksPlugin(): Plugin {
  return {
    name: 'portico-screen-chunks',
    generateBundle(_options, bundle) {
      const srcDir = path.resolve(PACKAGE_DIR, 'src');
      const modules = screenModules(readFileSync(path.join(srcDir, 'states.ts'), 'utf8'), srcDir);
      const table = screenChunks(bundle as unknown as Record<string, ChunkLike>, modules);
      mkdirSync(path.dirname(SCREEN_CHUNKS_FILE), { recursive: true });
      writeFileSync(SCREEN_CHUNKS_FILE, JSON.stringify(table));
    },
  };
}

/** Build 2 reads what build 1 wrote. */
export function readScreenChunks(): ScreenChunks {
  try {
    return JSON.parse(readFileSync(SCREEN_CHUNKS_FILE, 'utf8')) as ScreenChunks;
  } catch (err) {
    throw new Error(`${SCREEN_CHUNKS_FILE} is missing: build the app (vite.config.ts) before the loader`, { cause: err });
  }
}

/**
 * Vite wraps every dynamic import in a preload helper (about 0.5 KB brotli in chunks/app.js) that adds
 * `<link rel="modulepreload">` for the imported chunk's dependencies and CSS. With `modulePreload:
 * false` and the CSS inlined (`?inline`, `cssCodeSplit: false`) its list is always empty, so all it
 * still does is call the import: this replaces it with just that. The loader preloads the first
 * screen's chunks itself (src/loader/screen-preload.ts). Fails the build if modulePreload is turned on.
 */
export function plainDynamicImports(): Plugin {
  const HELPER = '\0vite/preload-helper.js';
  return {
    name: 'portico-plain-dynamic-imports',
    enforce: 'pre',
    configResolved(config) {
      if (config.build.modulePreload !== false) throw new Error('plainDynamicImports needs build.modulePreload: false');
    },
    resolveId: (id) => (id === HELPER ? HELPER : undefined),
    load: (id) => (id === HELPER ? 'export const __vitePreload = (load) => load();' : undefined),
  };
}

/**
 * A few small modules built into two chunks rather than one, where the screens that need them share no chunk that
 * could hold them but app.js, which every first screen downloads. `copies`: each module (by its resolved path) gets a
 * copy of its own when the importer imports it; the copy goes where its importer goes. Used for:
 * core's message modules beside the catalogue (errors/field-messages.ts, billing-messages.ts: the English messages of
 * the codes the field rules and the sign-up's rules give, a few lines each): the original with their rules (the forms
 * and sign-up chunks), the copy in the catalogue that loads with the first error shown (default-messages.ts spreads
 * them in), so no form imports the catalogue's chunk and the catalogue imports no form's. Only for modules that keep
 * no state: two copies must work as one.
 */
export function builtTwice(copies: readonly { module: RegExp; importer: RegExp }[]): Plugin {
  const PREFIX = '\0portico-copy:';
  return {
    name: 'portico-built-twice',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      // A copy's own imports resolve from the original's folder.
      if (importer.startsWith(PREFIX)) return this.resolve(source, importer.slice(PREFIX.length), { ...options, skipSelf: true });
      if (!copies.some((c) => c.importer.test(importer))) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !copies.some((c) => c.importer.test(importer) && c.module.test(resolved.id))) return null;
      return PREFIX + resolved.id;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length);
      return { code: readFileSync(file, 'utf8'), moduleType: file.endsWith('.tsx') ? 'tsx' : 'ts' };
    },
  };
}
