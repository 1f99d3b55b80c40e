// On the server (apps/server: modules/first-paint): a signed-in page drawn by the app's own routes,
// providers and components with the visitor's data, language, theme, layout and time zone, so the
// browser paints it before the app's JavaScript has loaded (decision 037). Built by Vite as one
// module for Node (vite-first-paint.ts); never part of the browser's bundle.
import { FIRST_PAINT_PATHS } from '@app/contracts/constants';
import type { FirstPaintInput } from '@app/contracts/first-paint';
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { getStoredLocale, LOCALES } from '../../i18n/locales';
import { loadMessages } from '../../i18n/messages';
import { setDisplayTimeZone } from '../../lib/format/display-zone';
import { withSentStorage } from '../../lib/storage';
import { withServerViewport } from '../../lib/viewport';
import { queryKeyForPath } from '../prefetched-queries';
import { AppProviders } from '../providers';
import { routerInitialized } from '../prerender/router-ready';
import { routes } from '../router';
import { ServerQueryClient } from '../server-query-client';

export type { FirstPaintInput };

// Every language's messages, once: a page's first render has the full set, as on the client.
const messagesLoaded = Promise.all(LOCALES.map((l) => loadMessages(l)));

/** The page's markup, as the browser's first render would draw it; '' for a path it does not draw. */
export async function renderFirstPaint(input: FirstPaintInput): Promise<string> {
  if (!FIRST_PAINT_PATHS.includes(input.path)) return '';
  await messagesLoaded;
  const router = createMemoryRouter(routes, { initialEntries: [input.path] });
  // The route's lazy modules (query layer, shell, page) are in before the render.
  await routerInitialized(router);
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  for (const [path, body] of Object.entries(input.bodies)) {
    const key = queryKeyForPath(path);
    if (key) client.setQueryData(key, body);
  }
  // Times in the zone the person chose, else their browser's (the server's own means nothing here);
  // the auth provider sets it as it does after a sign-in.
  const timeZone = input.user.preferences?.timeZone ?? input.timeZone;
  const user = { ...input.user, preferences: { ...input.user.preferences, timeZone } };
  // Synchronous from here: the storage, viewport and zone set for this visitor are never seen by
  // another render.
  return withSentStorage(input.storage, () =>
    withServerViewport(input.viewportWidth, () => {
      try {
        return renderToString(
          <ServerQueryClient value={client}>
            <AppProviders initialLocale={getStoredLocale()} signedInUser={user}>
              <RouterProvider router={router} />
            </AppProviders>
          </ServerQueryClient>,
        );
      } finally {
        setDisplayTimeZone(undefined);
        client.clear();
      }
    }),
  );
}
