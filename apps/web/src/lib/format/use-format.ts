import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { formatDate, formatDateTime, formatRelativeTime, type DateInput } from './format-date';
import { formatMoney, formatNumber, formatPercentBps } from './format-number';

/** The formatting helpers in the reader's chosen language. */
export function useFormat() {
  const { locale } = useIntl();
  return useMemo(
    () => ({
      locale,
      number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, locale, options),
      money: (cents: number, currency: string) => formatMoney(cents, currency, locale),
      percentBps: (bps: number) => formatPercentBps(bps, locale),
      dateTime: (value: DateInput, timeZone?: string) => formatDateTime(value, locale, timeZone),
      date: (value: DateInput, timeZone?: string) => formatDate(value, locale, timeZone),
      relative: (value: DateInput, now?: DateInput) => formatRelativeTime(value, locale, now),
    }),
    [locale],
  );
}
