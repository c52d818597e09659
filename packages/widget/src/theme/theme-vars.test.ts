import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@portico/core';
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
    const darkAuto = themeVariables({ ...DEFAULT_THEME, fieldStyle: 'auto-solid' }, true);
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
