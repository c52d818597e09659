import {
  CORNER_RADIUS, DEFAULT_THEME, DISPLAY_MODES, FIELD_STYLES, clampBorderWidth, mixColors, parseColor, readableTextColor, resolveDisplayMode, resolveFieldStyle, textColorOnFill, toHex,
} from '@portico/core';
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
  // setTheme takes any value from a host page: an unknown mode or field style would leave no palette.
  if (!DISPLAY_MODES.includes(out.displayMode)) out.displayMode = DEFAULT_THEME.displayMode;
  if (!FIELD_STYLES.includes(out.fieldStyle)) out.fieldStyle = DEFAULT_THEME.fieldStyle;
  return out;
}

/** Text colour on an accent fill (buttons, badges): at least 4.5:1 for any parseable colour. */
export const contrastText = textColorOnFill;

/**
 * The far end of the avatar's gradient: the accent moved away from its text colour, so the
 * text is at least as readable across the whole gradient as on the accent itself.
 */
function accentShade(accent: string): string {
  const a = parseColor(accent);
  if (!a) return accent;
  const away = textColorOnFill(accent) === '#ffffff' ? { r: 0, g: 0, b: 0 } : { r: 255, g: 255, b: 255 };
  return toHex(mixColors(a, away, 0.75));
}

/** Share of the accent in the tinted backgrounds of base.css (`color-mix(… accent 12%, transparent)`). */
const ACCENT_TINT = 0.12;

/**
 * The accent as text on a page of `bg` and `surface`, and on the accent's own tint over `bg`
 * (badges, icon circles): every place base.css writes text in --portico-accent-text.
 */
function accentTextOn(accent: string, bg: string, surface: string): string {
  const a = parseColor(accent);
  const tint = a ? toHex(mixColors(a, parseColor(bg)!, ACCENT_TINT)) : bg;
  return readableTextColor(accent, [bg, surface, tint]);
}

/**
 * The CSS custom properties of a theme, set on the widget's root container
 * inside the shadow root. systemPrefersDark resolves the 'auto' modes.
 */
export function themeVariables(theme: ThemeSettings, systemPrefersDark: boolean): Record<string, string> {
  const mode = resolveDisplayMode(theme.displayMode, systemPrefersDark);
  const p = PALETTES[mode];
  const { tone, fill } = resolveFieldStyle(theme.fieldStyle, mode);
  const f = FIELD_TONES[tone];
  const fieldBg = fill === 'solid' ? f.solidBg : f.borderBg;
  const accent = theme.accentColor || DEFAULT_THEME.accentColor;
  // An accent that cannot be parsed (a named colour from setTheme) cannot be checked: text then uses the palette's text colour.
  const checkable = parseColor(accent) !== null;
  const radius = CORNER_RADIUS[theme.cornerShape];
  const borderWidth = clampBorderWidth(theme.borderWidth);
  return {
    '--portico-mode': mode,
    '--portico-color-scheme': mode,
    '--portico-font': theme.fontFamily || DEFAULT_THEME.fontFamily,
    // Fills (buttons, badges, switches) keep the company's exact colour, with text chosen for it;
    // text, links and focus rings in the accent use the variant readable on this mode's background.
    '--portico-accent': accent,
    '--portico-on-accent': textColorOnFill(accent),
    '--portico-accent-shade': accentShade(accent),
    '--portico-accent-text': checkable ? accentTextOn(accent, p.bg, p.surface) : p.text,
    '--portico-field-accent-text': checkable ? readableTextColor(accent, [fieldBg]) : f.text,
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
    '--portico-field-bg': fieldBg,
    '--portico-field-border': fill === 'solid' ? 'transparent' : f.borderColor,
  };
}
