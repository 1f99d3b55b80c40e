import '@mantine/core/styles.css';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { getStoredLocale } from './i18n/locales';
import { loadMessages } from './i18n/messages';
import { applyTheme, getStoredThemeMode, resolveTheme } from './lib/theme/theme';

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
