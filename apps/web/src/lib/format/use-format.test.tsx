import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FormattedTime } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../i18n/i18n-provider';
import type { Locale } from '../../i18n/locales';
import { getDisplayTimeZone, setDisplayTimeZone } from './display-zone';
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

// The test runner's browser zone is UTC (no TZ set): the zones below differ from it and each other.
describe('a display zone chosen after the screen shows', () => {
  const instant = '2026-11-23T13:05:00Z';

  it('re-renders useFormat with it: Tokyo, then New York, then the browser’s again', () => {
    const { result } = renderHook(() => useFormat(), { wrapper: inLanguage('en') });
    expect(result.current.time(instant)).toBe('13:05 UTC');
    act(() => setDisplayTimeZone('Asia/Tokyo'));
    expect(result.current.displayZone).toBe('Asia/Tokyo');
    expect(result.current.time(instant)).toBe('22:05 GMT+9');
    expect(result.current.dateTime(instant)).toBe('23 Nov 2026, 22:05 GMT+9');
    act(() => setDisplayTimeZone('America/New_York'));
    expect(result.current.time(instant)).toBe('08:05 GMT-5');
    // A screen's own zone (an account's trading day) still wins.
    expect(result.current.time(instant, 'Europe/Prague')).toBe('14:05 CET');
    act(() => setDisplayTimeZone(undefined));
    expect(result.current.displayZone).toBe('UTC');
    expect(result.current.time(instant)).toBe('13:05 UTC');
  });

  it('react-intl’s <FormattedTime> follows it too', () => {
    render(
      <I18nProvider initialLocale="en">
        <span data-testid="t">
          <FormattedTime value={instant} hour="2-digit" minute="2-digit" hourCycle="h23" />
        </span>
      </I18nProvider>,
    );
    expect(screen.getByTestId('t').textContent).toBe('13:05');
    act(() => setDisplayTimeZone('Asia/Tokyo'));
    expect(screen.getByTestId('t').textContent).toBe('22:05');
    act(() => setDisplayTimeZone('America/New_York'));
    expect(screen.getByTestId('t').textContent).toBe('08:05');
  });

  it('an unknown zone is ignored: the browser’s stays', () => {
    setDisplayTimeZone('Mars/Olympus_Mons');
    expect(getDisplayTimeZone()).toBeUndefined();
  });
});
