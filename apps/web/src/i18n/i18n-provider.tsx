import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider, type MessageFormatElement } from 'react-intl';
import { useDisplayTimeZone } from '../lib/format/display-zone';
import { DEFAULT_LOCALE, FORMAT_LOCALES, storeLocale, type Locale } from './locales';
import { cachedMessages, englishMessages, loadMessages, onFullMessages, type Messages } from './messages';

interface I18nContextValue {
  locale: Locale;
  setLocale: (locale: Locale) => Promise<void>;
}

const I18nContext = createContext<I18nContextValue>({ locale: DEFAULT_LOCALE, setLocale: async () => {} });

export function useLocale(): I18nContextValue {
  return useContext(I18nContext);
}

/** react-intl with the chosen language and display time zone; `<html lang>` follows the language. */
export function I18nProvider({ initialLocale, children }: { initialLocale: Locale; children: ReactNode }) {
  const [state, setState] = useState<{ locale: Locale; messages: Messages }>(() => ({
    locale: initialLocale,
    messages: cachedMessages(initialLocale) ?? englishMessages,
  }));

  useEffect(() => {
    document.documentElement.lang = state.locale;
  }, [state.locale]);

  // Switch from the auth screens' subset to the full messages once a route has loaded them.
  useEffect(() => {
    const apply = (locale: Locale) => {
      const full = cachedMessages(locale);
      if (full)
        setState((prev) => (prev.locale === locale && prev.messages !== full ? { locale, messages: full } : prev));
    };
    apply(state.locale);
    return onFullMessages(apply);
  }, [state.locale]);

  const setLocale = useCallback(async (locale: Locale) => {
    const messages = await loadMessages(locale);
    storeLocale(locale);
    setState({ locale, messages });
  }, []);

  const value = useMemo(() => ({ locale: state.locale, setLocale }), [state.locale, setLocale]);
  // react-intl's <FormattedDate>, <FormattedTime> and formatDate show times in it too.
  const timeZone = useDisplayTimeZone();

  return (
    <I18nContext.Provider value={value}>
      <IntlProvider
        locale={FORMAT_LOCALES[state.locale]}
        defaultLocale={FORMAT_LOCALES[DEFAULT_LOCALE]}
        timeZone={timeZone}
        messages={state.messages as Record<string, MessageFormatElement[]>}
      >
        {children}
      </IntlProvider>
    </I18nContext.Provider>
  );
}
