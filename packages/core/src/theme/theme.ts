/** Theme settings: spec 1 sections 3 and 9, spec 2 sections 3 and 9. */
export const DISPLAY_MODES = ['light', 'dark', 'auto'] as const;
export const CORNER_SHAPES = ['square', 'rounded', 'pill'] as const;
export const FIELD_STYLES = [
  'light-border', 'light-solid', 'dark-border', 'dark-solid', 'auto-border', 'auto-solid',
] as const;

export type DisplayMode = (typeof DISPLAY_MODES)[number];
export type CornerShape = (typeof CORNER_SHAPES)[number];
export type FieldStyle = (typeof FIELD_STYLES)[number];

export interface ThemeSettings {
  displayMode: DisplayMode;
  cornerShape: CornerShape;
  fieldStyle: FieldStyle;
  /** 1 to 5 px. */
  borderWidth: number;
  accentColor: string;
  fontFamily: string;
}

export const CORNER_RADIUS: Record<CornerShape, string> = { square: '0', rounded: '6px', pill: '25px' };
export const MIN_BORDER_WIDTH = 1;
export const MAX_BORDER_WIDTH = 5;
/** Selects use 16px text below this viewport width (prevents iOS zoom). */
export const SMALL_SCREEN_MAX_WIDTH = 768;

export const DEFAULT_THEME: ThemeSettings = {
  displayMode: 'light',
  cornerShape: 'rounded',
  // 'auto' fields take the widget's display mode: a company that only switches to dark gets dark fields.
  fieldStyle: 'auto-border',
  borderWidth: 1,
  accentColor: '#4f46e5',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
};

export function clampBorderWidth(px: number): number {
  if (!Number.isFinite(px)) return DEFAULT_THEME.borderWidth;
  return Math.min(MAX_BORDER_WIDTH, Math.max(MIN_BORDER_WIDTH, Math.round(px)));
}

/** Resolves 'auto' against the system preference. */
export function resolveDisplayMode(mode: DisplayMode, systemPrefersDark: boolean): 'light' | 'dark' {
  if (mode === 'auto') return systemPrefersDark ? 'dark' : 'light';
  return mode;
}

export function splitFieldStyle(style: FieldStyle): { tone: DisplayMode; fill: 'border' | 'solid' } {
  const [tone, fill] = style.split('-') as [DisplayMode, 'border' | 'solid'];
  return { tone, fill };
}

/**
 * The tone fields are drawn in. An explicit light or dark field style is kept (a company may want
 * light fields on a dark page); 'auto' follows the widget's resolved display mode, which for
 * displayMode 'auto' is the system preference.
 */
export function resolveFieldStyle(style: FieldStyle, mode: 'light' | 'dark'): { tone: 'light' | 'dark'; fill: 'border' | 'solid' } {
  const { tone, fill } = splitFieldStyle(style);
  return { tone: tone === 'auto' ? mode : tone, fill };
}
