import { SMALL_SCREEN_MAX_WIDTH } from '@portico/core';
import baseCss from './base.css?inline';

/**
 * Constructable stylesheets (no <style> elements, no style attributes from
 * strings), so the widget works under style-src 'self'. The base sheets are
 * shared by every widget on the page; custom CSS from settings is one more
 * sheet per shadow root.
 */
let shared: CSSStyleSheet[] | null = null;
/** Sheets added later by lazy chunks (e.g. the billing pieces), kept for roots adopted afterwards. */
const extra: CSSStyleSheet[] = [];

function sheet(css: string): CSSStyleSheet {
  const s = new CSSStyleSheet();
  s.replaceSync(css);
  return s;
}

export function baseSheets(): CSSStyleSheet[] {
  shared ??= [
    sheet(baseCss),
    // Selects use 16px text under 768px width (spec 1 and 2 section 9).
    sheet(`@media (max-width: ${SMALL_SCREEN_MAX_WIDTH - 0.02}px) { .p-select { font-size: 16px; } }`),
  ];
  return shared;
}

export function adoptStyles(root: ShadowRoot, customCss: string): void {
  const sheets = [...baseSheets(), ...extra];
  if (customCss.trim()) {
    try {
      sheets.push(sheet(customCss));
    } catch (err) {
      console.warn('[portico] custom CSS could not be parsed', err);
    }
  }
  root.adoptedStyleSheets = sheets;
}

/** A lazy chunk's own CSS: shared by every root, added to `root` now and to roots adopted later. */
export function addLazySheet(root: ShadowRoot, key: string, css: string): void {
  let s = extra.find((x) => (x as CSSStyleSheet & { portico?: string }).portico === key);
  if (!s) {
    s = Object.assign(sheet(css), { portico: key });
    extra.push(s);
  }
  if (!root.adoptedStyleSheets.includes(s)) {
    const list = [...root.adoptedStyleSheets];
    // Before the custom CSS sheet (last when present), so site CSS still wins.
    const at = list.findIndex((x) => !baseSheets().includes(x) && !extra.includes(x));
    list.splice(at < 0 ? list.length : at, 0, s);
    root.adoptedStyleSheets = list;
  }
}
