/**
 * The first screen's chunks download beside chunks/app.js instead of after it: the loader knows,
 * from the build (vite.build-plugins.ts), which chunks each state's screen needs, and adds a
 * `<link rel="modulepreload">` for each when a widget is about to show that state. The browser
 * fetches (and compiles) them in parallel; when the app imports the screen, they are in its module
 * map already. A modulepreload only fetches: nothing runs before the app does.
 */
import { STATE_NAMES } from '@portico/core';

/**
 * What the build wrote (vite.build-plugins.ts), compact because every first screen downloads it:
 * `files` = chunk names without `.js`, space-separated; `states` = one entry per STATE_NAMES state
 * in that order and one for the popup's dialog (POPUP_FRAME), `|`-separated, each the base-36 indexes
 * of its files, the screen's own chunk first.
 */
export interface ScreenChunks {
  files: string;
  states: string;
}

/** The popup's dialog (app/popup-frame.tsx), preloaded with the state a popup opens on. */
export const POPUP_FRAME = '__popup';

declare const __PORTICO_SCREEN_CHUNKS__: ScreenChunks | undefined;

/** The table the loader build put in (empty where no build ran, e.g. unit tests). */
export const BUILT_SCREEN_CHUNKS: ScreenChunks =
  typeof __PORTICO_SCREEN_CHUNKS__ === 'undefined' ? { files: '', states: '' } : __PORTICO_SCREEN_CHUNKS__;

/** The absolute URLs of the chunks a state's screen (or POPUP_FRAME) needs, chunks/app.js excluded; none for an unknown name. */
export function screenChunkUrls(table: ScreenChunks, state: string, baseUrl: string): string[] {
  const at = [...STATE_NAMES, POPUP_FRAME].indexOf(state);
  const entry = at < 0 ? undefined : table.states.split('|')[at];
  if (!entry) return [];
  const files = table.files.split(' ');
  return entry.split(',').flatMap((i) => {
    const file = files[Number.parseInt(i, 36)];
    return file ? [new URL(`chunks/${file}.js`, baseUrl).href] : [];
  });
}

/**
 * Whether a state has its own screen: its row in states.ts is not the shared "not available yet" screen, as the
 * build's table says (its first chunk). No table (unit tests, a dev server): every state counts as built.
 * The loader hides triggers of the others and answers Portico.isStateBuilt (issue 15).
 */
export function isBuiltIn(table: ScreenChunks, state: string): boolean {
  const [first] = screenChunkUrls(table, state, 'http://x/');
  return !first || !/\/chunks\/not-available-screen-[^/]*\.js$/.test(first);
}

/**
 * Returns preload(state): adds one modulepreload link per chunk not preloaded yet. The nonce of the
 * loader's own script tag goes on each link, so a host page whose CSP trusts the loader by nonce
 * (with 'strict-dynamic') allows them too. A failed preload (an old loader naming chunks a new
 * release removed) costs one request: the app's own import still loads what it needs.
 */
export function screenPreloader(table: ScreenChunks, baseUrl: string, nonce: string): (state: string) => void {
  const done = new Set<string>();
  return (state) => {
    for (const href of screenChunkUrls(table, state, baseUrl)) {
      if (done.has(href)) continue;
      done.add(href);
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      if (nonce) link.nonce = nonce;
      document.head.appendChild(link);
    }
  };
}
