import { useCallback, useEffect, useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';
const STORAGE_KEY = 'fxid-theme';
const CHANGE_EVENT = 'fxid:theme';

export function storedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

const subscribe = (callback: () => void) => {
  window.addEventListener(CHANGE_EVENT, callback);
  return () => window.removeEventListener(CHANGE_EVENT, callback);
};

/**
 * The player's own choice wins; otherwise the company branding's ThemeType.
 * Returns the theme in effect and a toggle that remembers the choice.
 */
export function useTheme(brandTheme: 'Light' | 'Dark'): [Theme, () => void] {
  const chosen = useSyncExternalStore(subscribe, storedTheme, () => null);
  const theme: Theme = chosen ?? (brandTheme === 'Light' ? 'light' : 'dark');
  useEffect(() => applyTheme(theme), [theme]);
  const toggle = useCallback(() => {
    try {
      localStorage.setItem(STORAGE_KEY, theme === 'dark' ? 'light' : 'dark');
    } catch {
      // Without storage the choice lasts until reload.
      applyTheme(theme === 'dark' ? 'light' : 'dark');
    }
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }, [theme]);
  return [theme, toggle];
}
