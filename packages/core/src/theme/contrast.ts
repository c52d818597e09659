/**
 * Colour contrast after WCAG 2.x: relative luminance, contrast ratio, and the readable
 * variants of a company's accent colour the widget uses for text (issue 6, item 9).
 */

/** sRGB channels, 0-255. */
export interface Rgb { r: number; g: number; b: number }

/** WCAG 1.4.3 (AA) for normal-size text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** Dark text of the widget's light palette; on a fill it is tried before pure black. */
const SLATE = '#0f172a';

/**
 * `#rgb`, `#rrggbb` or `rgb(r, g, b)` / `rgba(…)` (alpha ignored); null for anything else
 * (named colours, hsl()…), which callers treat as "cannot check".
 */
export function parseColor(css: string): Rgb | null {
  const s = css.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(s);
  if (hex) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((c) => c + c).join('') : hex[1]!;
    return { r: parseInt(h.slice(0, 2), 16), g: parseInt(h.slice(2, 4), 16), b: parseInt(h.slice(4, 6), 16) };
  }
  const fn = /^rgba?\(\s*(\d{1,3})\s*[, ]\s*(\d{1,3})\s*[, ]\s*(\d{1,3})\s*(?:[,/]\s*[\d.]+%?\s*)?\)$/.exec(s);
  if (!fn) return null;
  const [r, g, b] = [fn[1], fn[2], fn[3]].map(Number) as [number, number, number];
  return r <= 255 && g <= 255 && b <= 255 ? { r, g, b } : null;
}

export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

const asRgb = (c: Rgb | string): Rgb | null => (typeof c === 'string' ? parseColor(c) : c);

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(color: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(color.r) + 0.7152 * lin(color.g) + 0.0722 * lin(color.b);
}

/** WCAG contrast ratio, 1 to 21; NaN when a colour cannot be parsed. */
export function contrastRatio(a: Rgb | string, b: Rgb | string): number {
  const x = asRgb(a);
  const y = asRgb(b);
  if (!x || !y) return Number.NaN;
  const [hi, lo] = [relativeLuminance(x), relativeLuminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `color-mix(in srgb, a <weight>, b)`: also what `a` at that opacity over `b` looks like. */
export function mixColors(a: Rgb, b: Rgb, weightOfA: number): Rgb {
  const m = (p: number, q: number) => Math.round(p * weightOfA + q * (1 - weightOfA));
  return { r: m(a.r, b.r), g: m(a.g, b.g), b: m(a.b, b.b) };
}

function toHsl({ r, g, b }: Rgb): { h: number; s: number; l: number } {
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === R ? ((G - B) / d) % 6 : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  return { h: (h * 60 + 360) % 360, s, l };
}

function fromHsl(h: number, s: number, l: number): Rgb {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] = h < 60 ? [c, x, 0] : h < 120 ? [x, c, 0] : h < 180 ? [0, c, x] : h < 240 ? [0, x, c] : h < 300 ? [x, 0, c] : [c, 0, x];
  return { r: Math.round((r + m) * 255), g: Math.round((g + m) * 255), b: Math.round((b + m) * 255) };
}

/**
 * The colour to write text in `color` on every one of `backgrounds` with at least `min`
 * contrast: `color` itself when it already passes, otherwise the same hue and saturation
 * with the lightness moved (lighter on dark backgrounds, darker on light ones) by the
 * smallest step that passes. So a navy accent becomes a light blue on a dark page and a
 * yellow one an olive on a white page, and stays recognisably the brand colour.
 * Returns `color` unchanged when it cannot be parsed.
 */
export function readableTextColor(color: string, backgrounds: readonly string[], min = MIN_TEXT_CONTRAST): string {
  const base = parseColor(color);
  const bgs = backgrounds.map(parseColor).filter((c): c is Rgb => c !== null);
  if (!base || bgs.length === 0) return color;
  const passes = (c: Rgb) => bgs.every((bg) => contrastRatio(c, bg) >= min);
  if (passes(base)) return color;
  const { h, s, l } = toHsl(base);
  // 1/400 of the lightness range is finer than 8-bit channels resolve, and each candidate is
  // checked after rounding, so what is returned really passes.
  for (let step = 1; step <= 400; step += 1) {
    for (const candidate of [l + step / 400, l - step / 400]) {
      if (candidate < 0 || candidate > 1) continue;
      const c = fromHsl(h, s, candidate);
      if (passes(c)) return toHex(c);
    }
  }
  // Only when the backgrounds straddle mid-grey so that neither white nor black passes all.
  const white = { r: 255, g: 255, b: 255 };
  const black = { r: 0, g: 0, b: 0 };
  const worst = (c: Rgb) => Math.min(...bgs.map((bg) => contrastRatio(c, bg)));
  return worst(white) >= worst(black) ? '#ffffff' : '#000000';
}

/**
 * Text colour on a fill of `color` (buttons, badges): white or the palette's slate, whichever
 * contrasts more, and pure black when neither reaches 4.5:1 (mid-luminance fills, where slate
 * tops out near 4.3:1 but black always exceeds 4.58:1). White for a colour that cannot be parsed.
 */
export function textColorOnFill(color: string): string {
  const fill = parseColor(color);
  if (!fill) return '#ffffff';
  const onWhite = contrastRatio(fill, '#ffffff');
  const onSlate = contrastRatio(fill, SLATE);
  const best = onWhite >= onSlate ? '#ffffff' : SLATE;
  return Math.max(onWhite, onSlate) >= MIN_TEXT_CONTRAST ? best : '#000000';
}
