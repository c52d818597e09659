import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIN_TEXT_CONTRAST, contrastRatio, mixColors, parseColor, readableTextColor, relativeLuminance, textColorOnFill, toHex, type Rgb } from './contrast.ts';

const rgb = fc.record({ r: fc.integer({ min: 0, max: 255 }), g: fc.integer({ min: 0, max: 255 }), b: fc.integer({ min: 0, max: 255 }) });
const hex = rgb.map(toHex);
/** Backgrounds a page can have in dark mode (white text reaches at least 7:1) and in light mode (black reaches at least 9:1). */
const darkBg = hex.filter((c) => relativeLuminance(parseColor(c)!) <= 0.1);
const lightBg = hex.filter((c) => relativeLuminance(parseColor(c)!) >= 0.4);

describe('contrastRatio (WCAG 2.x)', () => {
  it('matches the published reference values', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#fff', 'rgb(0, 0, 0)')).toBeCloseTo(21, 5);
    expect(contrastRatio('#4f46e5', 'tomato')).toBeNaN();
  });

  it('is symmetric and between 1 and 21', () => {
    fc.assert(fc.property(rgb, rgb, (a, b) => {
      const r = contrastRatio(a, b);
      expect(r).toBeCloseTo(contrastRatio(b, a), 10);
      expect(r).toBeGreaterThanOrEqual(1);
      expect(r).toBeLessThanOrEqual(21.0000001);
    }));
  });
});

describe('readableTextColor', () => {
  // The accents of the issue: accent links in dark mode measured 2.3-2.8:1.
  it.each([
    ['#1a237e', '#0f172a'], ['#4f46e5', '#0f172a'], ['#ffeb3b', '#ffffff'], ['#4f46e5', '#1e293b'],
  ])('makes %s readable on %s, keeping its hue', (accent, bg) => {
    expect(contrastRatio(accent, bg)).toBeLessThan(MIN_TEXT_CONTRAST);
    const text = readableTextColor(accent, [bg]);
    expect(contrastRatio(text, bg)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    const [a, t] = [parseColor(accent)!, parseColor(text)!];
    // Lighter on a dark background, darker on a light one; the dominant channel stays dominant.
    const dark = relativeLuminance(parseColor(bg)!) < 0.2;
    expect(relativeLuminance(t) > relativeLuminance(a)).toBe(dark);
    const top = (c: Rgb) => (['r', 'g', 'b'] as const).reduce((m, k) => (c[k] > c[m] ? k : m));
    expect(top(t)).toBe(top(a));
  });

  it('reaches 4.5:1 on every dark background for any accent', () => {
    fc.assert(fc.property(hex, fc.array(darkBg, { minLength: 1, maxLength: 3 }), (accent, bgs) => {
      const text = readableTextColor(accent, bgs);
      for (const bg of bgs) expect(contrastRatio(text, bg), `${accent} → ${text} on ${bg}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }));
  });

  it('reaches 4.5:1 on every light background for any accent', () => {
    fc.assert(fc.property(hex, fc.array(lightBg, { minLength: 1, maxLength: 3 }), (accent, bgs) => {
      const text = readableTextColor(accent, bgs);
      for (const bg of bgs) expect(contrastRatio(text, bg), `${accent} → ${text} on ${bg}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }));
  });

  it('leaves an accent that is already readable unchanged', () => {
    fc.assert(fc.property(hex, fc.oneof(darkBg, lightBg), (accent, bg) => {
      fc.pre(contrastRatio(accent, bg) >= MIN_TEXT_CONTRAST);
      expect(readableTextColor(accent, [bg])).toBe(accent);
    }));
  });

  it('also holds on the accent tint over the page (badges)', () => {
    fc.assert(fc.property(rgb, fc.oneof(darkBg, lightBg), (accent, bg) => {
      const tint = toHex(mixColors(accent, parseColor(bg)!, 0.12));
      const text = readableTextColor(toHex(accent), [bg, tint]);
      expect(Math.min(contrastRatio(text, bg), contrastRatio(text, tint))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }));
  });
});

describe('textColorOnFill', () => {
  it('gives at least 4.5:1 on any fill, including mid-luminance ones where slate text falls short', () => {
    fc.assert(fc.property(hex, (fill) => {
      expect(contrastRatio(textColorOnFill(fill), fill), fill).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }));
    expect(contrastRatio('#0f172a', '#777777')).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(contrastRatio('#ffffff', '#777777')).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(textColorOnFill('#777777')).toBe('#000000');
    expect(textColorOnFill('#4f46e5')).toBe('#ffffff');
    expect(textColorOnFill('#ffeb3b')).toBe('#0f172a');
  });
});
