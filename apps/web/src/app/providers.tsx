import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Bounce, ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '@app/contracts';
import { I18nProvider } from '../i18n/i18n-provider';
import type { Locale } from '../i18n/locales';
import { LayoutProvider, useLayout } from '../layout/layout-provider';
import { ThemeModeProvider } from '../layout/theme-provider';
import { AuthProvider } from './auth-provider';
import { buildTheme, cssVariablesResolver } from './mantine-theme';
import { createQueryClient } from './query-client';

function ThemedApp({ resolved, children }: { resolved: 'light' | 'dark'; children: ReactNode }) {
  const { config } = useLayout();
  const primary = config.app.general.primaryColor;
  const theme = useMemo(() => buildTheme(primary), [primary]);
  const resolver = useMemo(() => cssVariablesResolver(primary), [primary]);
  return (
    <MantineProvider theme={theme} forceColorScheme={resolved} cssVariablesResolver={resolver}>
      {children}
      <ToastContainer
        position="top-right"
        autoClose={TOAST_AUTO_CLOSE_MS}
        pauseOnHover
        pauseOnFocusLoss
        draggable
        closeOnClick
        newestOnTop={false}
        limit={3}
        transition={Bounce}
        theme={resolved === 'dark' ? 'dark' : 'light'}
      />
    </MantineProvider>
  );
}

/** Everything around the router: language, data, theme, layout, session, toasts. */
export function AppProviders({ initialLocale, children }: { initialLocale: Locale; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nProvider initialLocale={initialLocale}>
      <QueryClientProvider client={queryClient}>
        <LayoutProvider>
          <ThemeModeProvider>
            {(resolved) => (
              <ThemedApp resolved={resolved}>
                <AuthProvider>{children}</AuthProvider>
              </ThemedApp>
            )}
          </ThemeModeProvider>
        </LayoutProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
