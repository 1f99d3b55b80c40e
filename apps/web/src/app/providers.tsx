import type { User } from '@app/contracts/auth';
import { MantineProvider } from '@mantine/core';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { I18nProvider } from '../i18n/i18n-provider';
import type { Locale } from '../i18n/locales';
import { LayoutProvider, useLayout } from '../layout/layout-provider';
import { ThemeModeProvider } from '../lib/theme/theme-provider';
import { AuthProvider } from '../lib/auth/auth-provider';
import { buildTheme, cssVariablesResolver } from './mantine-theme';

const Toasts = lazy(() => import('./toasts'));

function ThemedApp({ resolved, children }: { resolved: 'light' | 'dark'; children: ReactNode }) {
  const { config } = useLayout();
  const primary = config.app.general.primaryColor;
  const theme = useMemo(() => buildTheme(primary), [primary]);
  const resolver = useMemo(() => cssVariablesResolver(primary), [primary]);
  return (
    <MantineProvider theme={theme} forceColorScheme={resolved} cssVariablesResolver={resolver}>
      {children}
      <Suspense fallback={null}>
        <Toasts theme={resolved === 'dark' ? 'dark' : 'light'} />
      </Suspense>
    </MantineProvider>
  );
}

/** Everything around the router: language, data, theme, layout, session, toasts. */
export function AppProviders({
  initialLocale,
  signedInUser,
  children,
}: {
  initialLocale: Locale;
  /** A render on the server for a verified user (app/first-paint). */
  signedInUser?: User;
  children: ReactNode;
}) {
  return (
    <I18nProvider initialLocale={initialLocale}>
      <LayoutProvider>
        <ThemeModeProvider>
          {(resolved) => (
            <ThemedApp resolved={resolved}>
              <AuthProvider signedInUser={signedInUser}>{children}</AuthProvider>
            </ThemedApp>
          )}
        </ThemeModeProvider>
      </LayoutProvider>
    </I18nProvider>
  );
}
