import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../i18n/i18n-provider';
import type { Locale } from '../../i18n/locales';
import { useFormat } from './use-format';

const inLanguage = (locale: Locale) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <I18nProvider initialLocale={locale}>{children}</I18nProvider>;
  };

describe('useFormat follows the chosen language', () => {
  it.each([
    ['en', '23 Nov 2026, 14:05 CET', '€1,234.56'],
    ['de', '23. Nov. 2026, 14:05 MEZ', '1.234,56 €'],
    ['ja', '2026年11月23日 14:05 GMT+1', '€1,234.56'],
  ] as const)('%s', (locale, dateTime, money) => {
    const { result } = renderHook(() => useFormat(), { wrapper: inLanguage(locale) });
    expect(result.current.dateTime('2026-11-23T13:05:00Z', 'Europe/Prague')).toBe(dateTime);
    expect(result.current.money(123456, 'EUR').replace(/\u00a0/g, ' ')).toBe(money);
  });
});
