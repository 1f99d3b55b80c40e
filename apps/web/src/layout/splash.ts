import { SPLASH_HIDE_DELAY_MS } from './layout-config';

let timer: ReturnType<typeof setTimeout> | undefined;

/** Hides the splash screen from index.html 500 ms after the layout is set up (SPEC §2, §9). */
export function hideSplash(delay = SPLASH_HIDE_DELAY_MS): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    const el = document.getElementById('splash-screen');
    if (!el) return;
    el.classList.add('hidden');
    setTimeout(() => el.remove(), 300);
  }, delay);
}
