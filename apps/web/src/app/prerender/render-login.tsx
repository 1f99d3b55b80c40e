// Build time only (vite-prerender-login.ts): /auth/login rendered to HTML by the app's own routes,
// providers and components, as a visitor without a session first sees it. Without browser storage
// the theme is light and its mode "light"; the boot script (login-boot.ts) adjusts both.
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Locale } from '../../i18n/locales';
import { loadMessages } from '../../i18n/messages';
import { AppProviders } from '../providers';
import { routes } from '../router';
import { LOGIN_PATH, prerenderIdPrefix } from './login-path';
import { routerInitialized } from './router-ready';

export { LOCALES } from '../../i18n/locales';

/** The login screen's markup in `locale`; ids are prefixed, so that the six copies never clash. */
export async function renderLogin(locale: Locale): Promise<string> {
  // As main.tsx: another language's messages are loaded before the first render.
  if (locale !== 'en') await loadMessages(locale);
  const router = createMemoryRouter(routes, { initialEntries: [LOGIN_PATH] });
  // The lazy auth layout and login page load before the render, as on the client.
  await routerInitialized(router);
  // prerender (not renderToString) waits for lazy parts too (the toasts' region), so the copy is
  // complete and the client's hydration matches it everywhere.
  const { prelude } = await prerenderToNodeStream(
    <AppProviders initialLocale={locale}>
      <RouterProvider router={router} />
    </AppProviders>,
    { identifierPrefix: prerenderIdPrefix(locale) },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  // React hoists a preload of the light logo; the boot script may show the dark one.
  return html.replace(/^<link rel="preload" as="image"[^>]*>/, '');
}
