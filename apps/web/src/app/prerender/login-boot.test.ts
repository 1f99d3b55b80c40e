import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Two theme buttons as Mantine renders them: the pressed one differs in these three attributes. */
const button = (mode: string, pressed: boolean) =>
  `<button data-testid="theme-${mode}" aria-pressed="${pressed}" data-variant="${pressed ? 'default' : 'subtle'}" style="--ai-bg:${pressed ? 'var(--mantine-color-default)' : 'transparent'}"></button>`;
const screenIn = (locale: string) =>
  `<template data-prerendered="${locale}"><form><h1>${locale}</h1></form><img data-src-light="/l.svg" data-src-dark="/d.svg" src="/l.svg">${button('light', true)}${button('dark', false)}${button('system', false)}</template>`;

/** What vite-prerender-login.ts moves out of the head: the app's module tags. */
const APP_MODULES =
  '<template id="app-modules"><link rel="modulepreload" data-app-module href="/assets/app.js"></template>';
const appStarted = () => document.head.querySelector('link[data-app-module]') !== null;

async function boot(path = '/auth/login') {
  window.history.replaceState({}, '', path);
  document.head.querySelectorAll('link[data-app-module]').forEach((l) => l.remove());
  document.body.innerHTML = `<div id="splash-screen"></div><div id="root"></div>${['en', 'de'].map(screenIn).join('')}${APP_MODULES}`;
  vi.resetModules();
  await import('./login-boot');
  return document.getElementById('root')!;
}

describe('login boot script', () => {
  beforeEach(() => {
    localStorage.clear();
    // Time runs as usual, but each boot's 1 s start fallback is dropped after its test: left
    // running, it fired once the test environment was gone ("document is not defined").
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.clearAllTimers();
    vi.useRealTimers();
  });

  it('shows the stored language’s screen, in the stored theme, and removes the splash', async () => {
    localStorage.setItem('i18nConfig', JSON.stringify({ selectedLang: 'de' }));
    localStorage.setItem('kt_theme_mode_menu', 'dark');
    const root = await boot();
    expect(root.querySelector('h1')?.textContent).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(root.querySelector('img')?.getAttribute('src')).toBe('/d.svg');
    const dark = root.querySelector('[data-testid="theme-dark"]')!;
    expect(dark.getAttribute('aria-pressed')).toBe('true');
    expect(dark.getAttribute('data-variant')).toBe('default');
    expect(root.querySelector('[data-testid="theme-light"]')!.getAttribute('aria-pressed')).toBe('false');
    expect(document.getElementById('splash-screen')).toBeNull();
    expect(document.querySelectorAll('template[data-prerendered]')).toHaveLength(0);
  });

  it.each([
    ['a stored session (the app redirects)', () => localStorage.setItem('access', 'token')],
    ['an ended session’s message', () => localStorage.setItem('auth_error_message', 'ended')],
    [
      'another primary colour',
      () => localStorage.setItem('LayoutConfig', '{"app":{"general":{"primaryColor":"#123456"}}}'),
    ],
  ])('keeps the splash with %s', async (_label, arrange) => {
    arrange();
    const root = await boot();
    expect(root.childElementCount).toBe(0);
    expect(document.getElementById('splash-screen')).not.toBeNull();
  });

  it.each(['/auth/login/admin', '/auth/login?registration=success'])('keeps the splash on %s', async (path) => {
    const root = await boot(path);
    expect(root.childElementCount).toBe(0);
  });

  it('starts the app after the screen’s first paint; at once when the splash stays', async () => {
    vi.useFakeTimers();
    await boot();
    expect(appStarted()).toBe(false);
    // No paint timing here: the fallback starts it.
    vi.advanceTimersByTime(1000);
    expect(appStarted()).toBe(true);
    await boot('/auth/login/admin');
    expect(appStarted()).toBe(true);
  });

  it('keeps the browser from sending the form itself until the app is live', async () => {
    const root = await boot();
    const submit = () => {
      const event = new Event('submit', { bubbles: true, cancelable: true });
      root.querySelector('form')!.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(submit()).toBe(true);
    root.dataset.app = 'live';
    expect(submit()).toBe(false);
  });

  it('makes a choice in a list made before the app was live again once it is', async () => {
    const root = await boot();
    root.insertAdjacentHTML(
      'beforeend',
      '<select><option value="en">en</option><option value="de">de</option></select>',
    );
    const select = root.querySelector('select')!;
    const seen: string[] = [];
    select.addEventListener('change', () => seen.push(`${root.dataset.app ?? 'copy'}:${select.value}`));
    // 'input' too: the app would take it as a sign to hydrate at once and reset the list.
    select.addEventListener('input', () => seen.push(`input:${select.value}`));
    select.value = 'de';
    select.dispatchEvent(new Event('input', { bubbles: true }));
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(seen).toEqual([]);
    select.value = 'en'; // the app's first render may set its own value
    root.dataset.app = 'live';
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual(['live:de']);
  });

  it('leaves a field left before the app was live again once it is', async () => {
    const root = await boot();
    root.insertAdjacentHTML('beforeend', '<input name="email">');
    const field = root.querySelector('input')!;
    const seen: string[] = [];
    field.addEventListener('focusout', () => seen.push(root.dataset.app ?? 'copy'));
    field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    root.dataset.app = 'live';
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual(['copy', 'live']);
  });

  it('presses a button pressed before the app was live again once it is', async () => {
    const root = await boot();
    const dark = root.querySelector<HTMLElement>('[data-testid="theme-dark"]')!;
    const seen: string[] = [];
    dark.addEventListener('click', () => seen.push(root.dataset.app ?? 'copy'));
    dark.click();
    expect(seen).toEqual([]);
    root.dataset.app = 'live';
    await new Promise((resolve) => setTimeout(resolve, 0)); // mutation observers run
    expect(seen).toEqual(['live']);
  });
});
