import { useEffect, useState } from 'react';
import { DEFAULT_THEME, type DisplayMode } from '@portico/core';
import { mergeTheme, themeVariables } from '../theme/theme-vars.ts';

/** localStorage key of the operator's choice (the system's mode until they pick one). */
export const CONSOLE_THEME_KEY = 'portico.console.theme';

function savedMode(): DisplayMode {
  try {
    const v = localStorage.getItem(CONSOLE_THEME_KEY);
    return v === 'light' || v === 'dark' ? v : 'auto';
  } catch {
    return 'auto';
  }
}

/**
 * The widget's theme (theme/theme-vars.ts, the same CSS variables and palettes) on the console's page:
 * light or dark by the system until the operator chooses, and live when the system changes.
 */
export function useConsoleTheme(): [DisplayMode, (mode: DisplayMode) => void] {
  const [mode, setMode] = useState<DisplayMode>(savedMode);
  const [systemDark, setSystemDark] = useState(() => matchMedia('(prefers-color-scheme: dark)').matches);
  useEffect(() => {
    const query = matchMedia('(prefers-color-scheme: dark)');
    const changed = () => setSystemDark(query.matches);
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);
  useEffect(() => {
    const vars = themeVariables(mergeTheme(DEFAULT_THEME, { displayMode: mode }), systemDark);
    const root = document.documentElement;
    for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
    root.dataset.theme = vars['--portico-mode'];
  }, [mode, systemDark]);
  const choose = (next: DisplayMode) => {
    setMode(next);
    try {
      if (next === 'auto') localStorage.removeItem(CONSOLE_THEME_KEY);
      else localStorage.setItem(CONSOLE_THEME_KEY, next);
    } catch {
      /* not kept: the choice lasts this page */
    }
  };
  return [mode, choose];
}
