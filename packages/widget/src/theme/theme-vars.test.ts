import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, FIELD_STYLES, MIN_TEXT_CONTRAST, contrastRatio, mixColors, parseColor, toHex } from '@portico/core';
import { contrastText, mergeTheme, themeVariables } from './theme-vars.ts';

describe('themeVariables', () => {
  it('maps corner shapes to 0, 6px and 25px', () => {
    expect(themeVariables({ ...DEFAULT_THEME, cornerShape: 'square' }, false)['--portico-radius']).toBe('0');
    expect(themeVariables({ ...DEFAULT_THEME, cornerShape: 'rounded' }, false)['--portico-radius']).toBe('6px');
    expect(themeVariables({ ...DEFAULT_THEME, cornerShape: 'pill' }, false)['--portico-radius']).toBe('25px');
  });

  it('resolves auto display mode against the system preference', () => {
    const auto = { ...DEFAULT_THEME, displayMode: 'auto' as const };
    expect(themeVariables(auto, true)['--portico-mode']).toBe('dark');
    expect(themeVariables(auto, false)['--portico-mode']).toBe('light');
    expect(themeVariables({ ...DEFAULT_THEME, displayMode: 'dark' }, false)['--portico-bg']).toBe('#0f172a');
  });

  it('gives border field styles a visible border and solid ones a fill', () => {
    const border = themeVariables({ ...DEFAULT_THEME, fieldStyle: 'light-border' }, false);
    const solid = themeVariables({ ...DEFAULT_THEME, fieldStyle: 'light-solid' }, false);
    expect(border['--portico-field-border']).not.toBe('transparent');
    expect(solid['--portico-field-border']).toBe('transparent');
    expect(solid['--portico-field-bg']).not.toBe(border['--portico-field-bg']);
    const darkAuto = themeVariables({ ...DEFAULT_THEME, displayMode: 'auto', fieldStyle: 'auto-solid' }, true);
    expect(darkAuto['--portico-field-text']).toBe('#f1f5f9');
  });

  it('clamps the border width to 1-5 px', () => {
    expect(themeVariables({ ...DEFAULT_THEME, borderWidth: 9 }, false)['--portico-border-width']).toBe('5px');
    expect(themeVariables({ ...DEFAULT_THEME, borderWidth: 0 }, false)['--portico-border-width']).toBe('1px');
  });

  it('uses accent colour and font family', () => {
    const v = themeVariables({ ...DEFAULT_THEME, accentColor: '#ff0000', fontFamily: 'Georgia, serif' }, false);
    expect(v['--portico-accent']).toBe('#ff0000');
    expect(v['--portico-font']).toBe('Georgia, serif');
  });
});

describe('mergeTheme', () => {
  it('layers overrides over settings over defaults, skipping empty values', () => {
    const t = mergeTheme({ accentColor: '#123456', fontFamily: '' }, { cornerShape: 'pill', borderWidth: 12 });
    expect(t.accentColor).toBe('#123456');
    expect(t.fontFamily).toBe(DEFAULT_THEME.fontFamily);
    expect(t.cornerShape).toBe('pill');
    expect(t.borderWidth).toBe(5);
  });
});

describe('contrastText', () => {
  it('picks dark text on light accents and white on dark ones', () => {
    expect(contrastText('#fde047')).toBe('#0f172a');
    expect(contrastText('#4f46e5')).toBe('#ffffff');
    expect(contrastText('#fff')).toBe('#0f172a');
    expect(contrastText('rebeccapurple')).toBe('#ffffff');
  });
});

describe('default field style (issue 6, item 9)', () => {
  it('follows the display mode when the company sets none', () => {
    const dark = themeVariables(mergeTheme({ displayMode: 'dark' }), false);
    expect(dark['--portico-field-bg']).toBe('#0f172a');
    expect(dark['--portico-field-text']).toBe('#f1f5f9');
    const light = themeVariables(mergeTheme({ displayMode: 'light' }), true);
    expect(light['--portico-field-bg']).toBe('#ffffff');
    expect(themeVariables(mergeTheme({ displayMode: 'auto' }), true)['--portico-field-bg']).toBe('#0f172a');
  });

  it('keeps an explicit light or dark field style, and drops unknown values from setTheme', () => {
    expect(themeVariables(mergeTheme({ displayMode: 'dark', fieldStyle: 'light-border' }), false)['--portico-field-bg']).toBe('#ffffff');
    const junk = mergeTheme({ displayMode: 'dusk' as never, fieldStyle: 'neon' as never });
    expect([junk.displayMode, junk.fieldStyle]).toEqual([DEFAULT_THEME.displayMode, DEFAULT_THEME.fieldStyle]);
  });
});

describe('accent colours stay readable (issue 6, item 9)', () => {
  const accent = fc.record({ r: fc.integer({ min: 0, max: 255 }), g: fc.integer({ min: 0, max: 255 }), b: fc.integer({ min: 0, max: 255 }) }).map(toHex);

  it('writes text in an accent variant of at least 4.5:1 on the page, surface and accent tint, in both modes', () => {
    fc.assert(fc.property(accent, fc.constantFrom('light', 'dark') as fc.Arbitrary<'light' | 'dark'>, fc.constantFrom(...FIELD_STYLES), (color, displayMode, fieldStyle) => {
      const v = themeVariables(mergeTheme({ accentColor: color, displayMode, fieldStyle }), false);
      const text = v['--portico-accent-text']!;
      const tint = toHex(mixColors(parseColor(color)!, parseColor(v['--portico-bg']!)!, 0.12));
      for (const bg of [v['--portico-bg']!, v['--portico-surface']!, tint]) expect(contrastRatio(text, bg), `${color} ${displayMode} on ${bg}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      expect(contrastRatio(v['--portico-field-accent-text']!, v['--portico-field-bg']!)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      // Buttons keep the exact accent as their fill, with text that reads on it (and on the avatar's far end).
      expect(v['--portico-accent']).toBe(color);
      expect(contrastRatio(v['--portico-on-accent']!, color)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      expect(contrastRatio(v['--portico-on-accent']!, v['--portico-accent-shade']!)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }));
  });

  it('lightens a navy accent for text in dark mode and leaves it as it is in light mode', () => {
    const dark = themeVariables(mergeTheme({ accentColor: '#1a237e', displayMode: 'dark' }), false);
    expect(contrastRatio('#1a237e', '#0f172a')).toBeLessThan(2);
    expect(dark['--portico-accent-text']).not.toBe('#1a237e');
    expect(themeVariables(mergeTheme({ accentColor: '#1a237e', displayMode: 'light' }), false)['--portico-accent-text']).toBe('#1a237e');
  });

  it('falls back to the palette text colour for an accent it cannot parse', () => {
    const v = themeVariables(mergeTheme({ accentColor: 'rebeccapurple', displayMode: 'dark' }), false);
    expect(v['--portico-accent']).toBe('rebeccapurple');
    expect(v['--portico-accent-text']).toBe(v['--portico-text']);
  });
});
