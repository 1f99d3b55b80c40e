import { getItem, setItem, storageAvailable } from '../storage';

export type ThemeMode = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

/** SPEC §3: two keys, the resolved mode and the mode chosen in the menu. */
export const THEME_MODE_KEY = 'kt_theme_mode_value';
export const THEME_MENU_KEY = 'kt_theme_mode_menu';
/** The page theme attribute on <html>. */
export const THEME_ATTRIBUTE = 'data-bs-theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function isThemeMode(v: unknown): v is ThemeMode {
  return v === 'light' || v === 'dark' || v === 'system';
}

/** Unset falls back to system, and to light when storage is unavailable. */
export function getStoredThemeMode(): ThemeMode {
  if (!storageAvailable()) return 'light';
  const menu = getItem(THEME_MENU_KEY);
  if (isThemeMode(menu)) return menu;
  const value = getItem(THEME_MODE_KEY);
  return isThemeMode(value) ? value : 'system';
}

export function systemPrefersDark(): boolean {
  try {
    return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
  } catch {
    return false;
  }
}

export function resolveTheme(mode: ThemeMode): ResolvedTheme {
  if (mode === 'system') return systemPrefersDark() ? 'dark' : 'light';
  return mode;
}

export function storeThemeMode(mode: ThemeMode): void {
  setItem(THEME_MENU_KEY, mode);
  setItem(THEME_MODE_KEY, resolveTheme(mode));
}

/** Sets the attribute on <html> and swaps images that carry light and dark sources. */
export function applyTheme(theme: ResolvedTheme, root: Document = document): void {
  root.documentElement.setAttribute(THEME_ATTRIBUTE, theme);
  root.documentElement.style.colorScheme = theme;
  root.querySelectorAll<HTMLImageElement>('img[data-src-light][data-src-dark]').forEach((img) => {
    const src = img.getAttribute(theme === 'dark' ? 'data-src-dark' : 'data-src-light');
    if (src && img.getAttribute('src') !== src) img.setAttribute('src', src);
  });
}

/** Calls back when the operating system switches between light and dark. */
export function watchSystemTheme(onChange: (theme: ResolvedTheme) => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const mql = window.matchMedia(DARK_QUERY);
  const handler = (e: MediaQueryListEvent) => onChange(e.matches ? 'dark' : 'light');
  mql.addEventListener?.('change', handler);
  return () => mql.removeEventListener?.('change', handler);
}
