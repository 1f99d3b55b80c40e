import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, getStoredThemeMode, resolveTheme, storeThemeMode, THEME_MENU_KEY, THEME_MODE_KEY } from './theme';

function mockSystemDark(dark: boolean) {
  window.matchMedia = vi.fn().mockImplementation((q: string) => ({
    matches: dark && q.includes('dark'),
    media: q,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  })) as unknown as typeof window.matchMedia;
}

describe('theme mode (SPEC §4)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('unset falls back to system, which follows the OS', () => {
    expect(getStoredThemeMode()).toBe('system');
    mockSystemDark(true);
    expect(resolveTheme('system')).toBe('dark');
    mockSystemDark(false);
    expect(resolveTheme('system')).toBe('light');
  });

  it('falls back to light when storage is unavailable', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('denied');
    });
    expect(getStoredThemeMode()).toBe('light');
  });

  it('stores the menu mode and the resolved mode under two keys', () => {
    mockSystemDark(true);
    storeThemeMode('system');
    expect(localStorage.getItem(THEME_MENU_KEY)).toBe('system');
    expect(localStorage.getItem(THEME_MODE_KEY)).toBe('dark');
    expect(getStoredThemeMode()).toBe('system');
  });

  it('sets the attribute on <html> and swaps images with light/dark sources', () => {
    document.body.innerHTML = '<img id="logo" src="/l.svg" data-src-light="/l.svg" data-src-dark="/d.svg" alt="">';
    applyTheme('dark');
    expect(document.documentElement.getAttribute('data-bs-theme')).toBe('dark');
    expect(document.getElementById('logo')!.getAttribute('src')).toBe('/d.svg');
    applyTheme('light');
    expect(document.getElementById('logo')!.getAttribute('src')).toBe('/l.svg');
  });
});
