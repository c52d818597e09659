import { CORNER_RADIUS, DEFAULT_THEME, clampBorderWidth, resolveDisplayMode, splitFieldStyle } from '@portico/core';
import type { ThemeSettings } from '@portico/core';

/** Palettes per resolved display mode. */
const PALETTES = {
  light: {
    bg: '#ffffff', surface: '#f8fafc', text: '#0f172a', muted: '#64748b', border: '#e2e8f0',
    danger: '#b91c1c', dangerBg: '#fef2f2', success: '#166534', successBg: '#f0fdf4', overlay: 'rgba(15, 23, 42, 0.55)',
  },
  dark: {
    bg: '#0f172a', surface: '#1e293b', text: '#f1f5f9', muted: '#94a3b8', border: '#334155',
    danger: '#fca5a5', dangerBg: '#3b1219', success: '#86efac', successBg: '#0f2e1d', overlay: 'rgba(2, 6, 23, 0.7)',
  },
} as const;

const FIELD_TONES = {
  light: { text: '#0f172a', borderColor: '#cbd5e1', borderBg: '#ffffff', solidBg: '#f1f5f9', placeholder: '#94a3b8' },
  dark: { text: '#f1f5f9', borderColor: '#475569', borderBg: '#0f172a', solidBg: '#1e293b', placeholder: '#64748b' },
} as const;

/** Merges settings.Theme and Portico.setTheme overrides, ignoring unknown or empty values. */
export function mergeTheme(...layers: (Partial<ThemeSettings> | null | undefined)[]): ThemeSettings {
  const out: ThemeSettings = { ...DEFAULT_THEME };
  for (const layer of layers) {
    if (!layer) continue;
    for (const [key, value] of Object.entries(layer) as [keyof ThemeSettings, unknown][]) {
      if (value === undefined || value === null || value === '') continue;
      (out as unknown as Record<string, unknown>)[key] = value;
    }
  }
  out.borderWidth = clampBorderWidth(Number(out.borderWidth));
  if (!(out.cornerShape in CORNER_RADIUS)) out.cornerShape = DEFAULT_THEME.cornerShape;
  return out;
}

/** Black or white text on the accent, by WCAG relative luminance (hex colours only). */
export function contrastText(color: string): '#ffffff' | '#0f172a' {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return '#ffffff';
  let hex = m[1]!;
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with white vs. with near-black: pick the larger.
  return (1.05 / (luminance + 0.05)) >= ((luminance + 0.05) / 0.0565) ? '#ffffff' : '#0f172a';
}

/**
 * The CSS custom properties of a theme, set on the widget's root container
 * inside the shadow root. systemPrefersDark resolves the 'auto' modes.
 */
export function themeVariables(theme: ThemeSettings, systemPrefersDark: boolean): Record<string, string> {
  const mode = resolveDisplayMode(theme.displayMode, systemPrefersDark);
  const p = PALETTES[mode];
  const { tone, fill } = splitFieldStyle(theme.fieldStyle);
  const f = FIELD_TONES[resolveDisplayMode(tone, systemPrefersDark)];
  const radius = CORNER_RADIUS[theme.cornerShape];
  const borderWidth = clampBorderWidth(theme.borderWidth);
  return {
    '--portico-mode': mode,
    '--portico-color-scheme': mode,
    '--portico-font': theme.fontFamily || DEFAULT_THEME.fontFamily,
    '--portico-accent': theme.accentColor || DEFAULT_THEME.accentColor,
    '--portico-accent-text': contrastText(theme.accentColor || DEFAULT_THEME.accentColor),
    '--portico-radius': radius,
    // Cards and the dialog stay readable at 'pill': cap their rounding.
    '--portico-card-radius': theme.cornerShape === 'pill' ? '18px' : radius === '0' ? '0' : '10px',
    '--portico-border-width': `${borderWidth}px`,
    '--portico-bg': p.bg,
    '--portico-surface': p.surface,
    '--portico-text': p.text,
    '--portico-muted': p.muted,
    '--portico-border': p.border,
    '--portico-danger': p.danger,
    '--portico-danger-bg': p.dangerBg,
    '--portico-success': p.success,
    '--portico-success-bg': p.successBg,
    '--portico-overlay': p.overlay,
    '--portico-field-text': f.text,
    '--portico-field-placeholder': f.placeholder,
    '--portico-field-bg': fill === 'solid' ? f.solidBg : f.borderBg,
    '--portico-field-border': fill === 'solid' ? 'transparent' : f.borderColor,
  };
}
