import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AuthProvider } from '../lib/auth/auth-provider';
import { I18nProvider } from '../i18n/i18n-provider';
import type { Locale } from '../i18n/locales';
import { LayoutProvider } from '../layout/layout-provider';
import { ThemeModeProvider } from '../lib/theme/theme-provider';
import { registerNavigator } from '../lib/navigation';

/** Renders a block inside the providers it needs (language, theme, queries), without routes or a session. */
export function renderBlock(
  ui: ReactNode,
  {
    locale = 'en' as Locale,
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  }: { locale?: Locale; client?: QueryClient } = {},
) {
  return render(
    <I18nProvider initialLocale={locale}>
      <QueryClientProvider client={client}>
        <MantineProvider>{ui}</MantineProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

/** Renders routes inside the app's providers, in memory, starting at `path`. */
export function renderRoutes(routes: RouteObject[], path: string, { locale = 'en' as Locale } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  registerNavigator((to, opts) => void router.navigate(to, opts));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrap = (children: ReactNode) => (
    <I18nProvider initialLocale={locale}>
      <QueryClientProvider client={client}>
        <LayoutProvider reload={() => {}}>
          <ThemeModeProvider>
            {(resolved) => (
              <MantineProvider forceColorScheme={resolved}>
                <AuthProvider>{children}</AuthProvider>
              </MantineProvider>
            )}
          </ThemeModeProvider>
        </LayoutProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
  const utils = render(wrap(<RouterProvider router={router} />));
  return { ...utils, router };
}

/** A fetch mock answering by "METHOD path"; anything else fails like a network error. */
export function mockFetch(handlers: Record<string, (body: unknown) => { status: number; body?: unknown }>) {
  const calls: { method: string; url: string; body: unknown; init: RequestInit | undefined }[] = [];
  const fn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body, init });
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    const handler = handlers[`${method} ${path}`];
    if (!handler) throw new TypeError('Failed to fetch');
    const res = handler(body);
    return new Response(res.body === undefined ? '' : JSON.stringify(res.body), {
      status: res.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  globalThis.fetch = fn as typeof fetch;
  return calls;
}
