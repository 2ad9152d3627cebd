import { useCallback, useLayoutEffect, useState } from 'react';
import { readBoolean, writeBoolean } from './storage';

export const DARK_MODE_KEY = 'darkMode';

/** The stored choice ('true'/'false'); with none stored, the system preference. */
export function readDarkModePreference(): boolean {
  const stored = readBoolean('local', DARK_MODE_KEY);
  if (stored !== null) return stored;
  // No window in the build's prerender of the signed-in frames: they are drawn light (the frame's
  // inline script, prerender/frame-script.ts, applies the reader's theme before the first paint).
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export function applyDarkClass(enabled: boolean): void {
  document.documentElement.classList.toggle('dark', enabled);
}

/**
 * Theme of the dashboard layout: applies the `dark` class on <html> while mounted and removes it
 * on unmount, so public pages, which never call this, always render light (SPEC.md §4).
 */
export function useDashboardTheme(): { isDark: boolean; toggleTheme: () => void } {
  const [isDark, setIsDark] = useState(readDarkModePreference);

  useLayoutEffect(() => {
    applyDarkClass(isDark);
    return () => applyDarkClass(false);
  }, [isDark]);

  const toggleTheme = useCallback(() => {
    const next = !isDark;
    writeBoolean('local', DARK_MODE_KEY, next);
    setIsDark(next);
  }, [isDark]);

  return { isDark, toggleTheme };
}

/** Public pages stay light even if a dashboard unmount was skipped (e.g. a crashed render). */
export function useLightTheme(): void {
  useLayoutEffect(() => applyDarkClass(false), []);
}
