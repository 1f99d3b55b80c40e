// Mantine's base styles; each component's own styles come with the chunk that uses it
// (vite-plugins.ts: mantineCssPerComponent), and in development all of them at once.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { getStoredLocale } from './i18n/locales';
import { loadMessages } from './i18n/messages';
import { applyTheme, getStoredThemeMode, resolveTheme } from './lib/theme/theme';

if (import.meta.env.DEV) await import('@mantine/core/styles.layer.css');
// Theme and language before the first paint (no inline script: the CSP allows none).
applyTheme(resolveTheme(getStoredThemeMode()));
const locale = getStoredLocale();
document.documentElement.lang = locale;
// Another language loads in full before the first render; English starts with the auth subset.
if (locale !== 'en') await loadMessages(locale);

const router = createAppRouter();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders initialLocale={locale}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
