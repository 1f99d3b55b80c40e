// /auth/login's first paint, as a classic script after the prerendered templates (built by
// vite-prerender-login.ts): the visitor's theme and language as main.tsx sets them, and the login
// screen in that language when it is what the app will render first (otherwise the splash stays);
// then the app's modules, once that screen is on screen, and until the app is live what the visitor
// does is held for it (decision 032).
import { getStoredLocale } from '../../i18n/locales';
import { DEFAULT_PRIMARY_COLOR, loadLayoutConfig } from '../../layout/layout-config';
import { session } from '../../lib/session';
import { applyTheme, getStoredThemeMode, resolveTheme, type ThemeMode } from '../../lib/theme/theme';
import { afterPainted } from '../boot/after-painted';
import { LOGIN_PATH } from './login-path';

/** The prerender shows the bare sign-in form: not a variant (staff heading, a notice) or a redirect. */
function rendersPrerender(): boolean {
  return (
    location.pathname.replace(/\/+$/, '') === LOGIN_PATH &&
    location.search === '' &&
    !session.getToken() &&
    session.peekAuthErrorMessage() === null &&
    loadLayoutConfig().app.general.primaryColor.toLowerCase() === DEFAULT_PRIMARY_COLOR.toLowerCase()
  );
}

/** The theme buttons' pressed state: what differs between a pressed button and the others. */
const PRESSED_STATE = ['aria-pressed', 'data-variant', 'style'];

function pressModeButton(root: HTMLElement, mode: ThemeMode): void {
  const pressed = root.querySelector<HTMLElement>('[data-testid^="theme-"][aria-pressed="true"]');
  const wanted = root.querySelector<HTMLElement>(`[data-testid="theme-${mode}"]`);
  if (!pressed || !wanted || pressed === wanted) return;
  for (const name of PRESSED_STATE) {
    const a = pressed.getAttribute(name) ?? '';
    pressed.setAttribute(name, wanted.getAttribute(name) ?? '');
    wanted.setAttribute(name, a);
  }
}

/**
 * Until the app has taken the screen over (main.tsx marks #root `data-app="live"`): the browser
 * must not send the form itself (a GET with the password in the address), and a button pressed
 * (the theme), a choice in a list (the language) or a field left is made again for the app once
 * it is live.
 * Text typed stays anyway.
 */
function holdUntilLive(root: HTMLElement): void {
  const live = () => root.dataset.app === 'live';
  const pressed: HTMLElement[] = [];
  root.addEventListener(
    'submit',
    (event) => {
      if (!live()) event.preventDefault();
    },
    { capture: true },
  );
  root.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest<HTMLElement>('button');
      if (live() || !button) return;
      // Nothing else sees it now, React's own listener on #root included (this one came first).
      event.preventDefault();
      event.stopImmediatePropagation();
      pressed.push(button);
    },
    { capture: true },
  );
  const chosen = new Map<HTMLSelectElement, string>();
  // A choice fires 'input' and then 'change'. React takes 'input' as a sign to hydrate at once,
  // and its commit puts the list back to the app's value before 'change' arrives: the choice
  // would be lost. So neither reaches React before the app is live.
  const holdChoice = (event: Event) => {
    const select = event.target;
    if (live() || !(select instanceof HTMLSelectElement)) return;
    event.stopImmediatePropagation();
    chosen.set(select, select.value);
  };
  root.addEventListener('input', holdChoice, { capture: true });
  root.addEventListener('change', holdChoice, { capture: true });
  // A field left before then counts as touched for the form's messages ("Email is required").
  const left = new Set<HTMLInputElement>();
  root.addEventListener(
    'focusout',
    (event) => {
      if (!live() && event.target instanceof HTMLInputElement) left.add(event.target);
    },
    { capture: true },
  );
  new MutationObserver((_, observer) => {
    if (!live()) return;
    observer.disconnect();
    for (const field of left) {
      if (field !== document.activeElement) field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    }
    for (const button of pressed.splice(0)) if (button.isConnected) button.click();
    // A choice made in a list (the language) is made again, as the visitor left it.
    for (const [select, value] of chosen) {
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }).observe(root, { attributes: true, attributeFilter: ['data-app'] });
}

/**
 * The app's modules (the template vite-prerender-login.ts moved them to): once the card is on
 * screen when it is shown, so that its paint waits for nothing but the HTML, the stylesheet and
 * this script; at once otherwise. What is typed meanwhile stays (main.tsx).
 */
function startApp(shown: Element | null): void {
  const modules = document.getElementById('app-modules') as HTMLTemplateElement | null;
  if (!modules) return;
  const start = () => document.head.append(document.importNode(modules.content, true));
  if (shown) afterPainted(shown, start, 1000);
  else start();
}

const mode = getStoredThemeMode();
const theme = resolveTheme(mode);
const locale = getStoredLocale();
const html = document.documentElement;
html.lang = locale;
// Mantine's own attribute (set by MantineProvider once React runs) selects its colour variables.
html.setAttribute('data-mantine-color-scheme', theme);
const root = document.getElementById('root');
const templates = document.querySelectorAll<HTMLTemplateElement>('template[data-prerendered]');
const template = [...templates].find((t) => t.dataset.prerendered === locale);
const shown = Boolean(root && template && rendersPrerender());
if (root && template && shown) {
  root.append(template.content.cloneNode(true));
  pressModeButton(root, mode);
  holdUntilLive(root);
  document.getElementById('splash-screen')?.remove();
}
templates.forEach((t) => t.remove());
// After the insertion: it also swaps the logo to the theme's.
applyTheme(theme);
startApp(shown ? root : null);
