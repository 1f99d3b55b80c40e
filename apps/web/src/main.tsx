// Mantine's base styles; each component's own styles come with the chunk that uses it
// (vite-plugins.ts: mantineCssPerComponent), and in development all of them at once.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './styles/global.css';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { prerenderIdPrefix } from './app/prerender/login-path';
import { routerInitialized } from './app/prerender/router-ready';
import { createAppRouter } from './app/router';
import { getStoredLocale } from './i18n/locales';
import { markAppStarted } from './lib/prefetched';
import { loadMessages } from './i18n/messages';
import { applyTheme, getStoredThemeMode, resolveTheme } from './lib/theme/theme';

// A session boot script that loads after this sends nothing: the app sends its own requests.
markAppStarted();
if (import.meta.env.DEV) await import('@mantine/core/styles.layer.css');
// Theme and language before the first paint (no inline script: the CSP allows none).
applyTheme(resolveTheme(getStoredThemeMode()));
const locale = getStoredLocale();
document.documentElement.lang = locale;
// Another language loads in full before the first render; English starts with the auth subset.
if (locale !== 'en') await loadMessages(locale);

const router = createAppRouter();
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <AppProviders initialLocale={locale}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);
if (container.hasChildNodes()) {
  // A prerendered screen (/auth/login, app/prerender): React adopts its markup instead of drawing
  // it again, so what the visitor sees (and the page's largest paint) stays the same element. The
  // first route's lazy modules must be in first; a promise, not a top-level await: those modules
  // import this chunk.
  // What is typed into the copy before then stays: the elements are kept, and the form takes a
  // field's edited value as its own when it registers it.
  void routerInitialized(router).then(() => {
    // After the first commit the boot script's guard against the browser's own submit stands down.
    const live = () => void (container.dataset.app = 'live');
    hydrateRoot(container, <AfterCommit run={live}>{app}</AfterCommit>, {
      identifierPrefix: prerenderIdPrefix(locale),
    });
  });
} else {
  createRoot(container).render(app);
}

/** Runs `run` once, after the first commit (the form's fields are registered by then). */
function AfterCommit({ run, children }: { run: () => void; children: ReactNode }) {
  useEffect(run, [run]);
  return children;
}
