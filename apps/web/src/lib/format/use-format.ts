import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import {
  formatDate,
  formatDateTime,
  formatDateTimeSeconds,
  formatRelativeTime,
  formatTime,
  formatZoneName,
  type DateInput,
} from './format-date';
import {
  formatAmount,
  formatMoney,
  formatNumber,
  formatPercentBps,
  formatSignedMoney,
  numberSeparators,
} from './format-number';

/** The formatting helpers in the reader's chosen language. */
export function useFormat() {
  const { locale } = useIntl();
  return useMemo(
    () => ({
      locale,
      number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, locale, options),
      money: (cents: number, currency: string) => formatMoney(cents, currency, locale),
      /** Money with its sign, for results: "+US$250.00". */
      signedMoney: (cents: number, currency: string) => formatSignedMoney(cents, currency, locale),
      /** Money without the currency sign, for formulas: "100,000.00". */
      amount: (cents: number, currency: string) => formatAmount(cents, currency, locale),
      percentBps: (bps: number) => formatPercentBps(bps, locale),
      dateTime: (value: DateInput, timeZone?: string) => formatDateTime(value, locale, timeZone),
      dateTimeSeconds: (value: DateInput, timeZone?: string) => formatDateTimeSeconds(value, locale, timeZone),
      time: (value: DateInput, timeZone?: string, options?: { seconds?: boolean; zone?: boolean }) =>
        formatTime(value, locale, timeZone, options),
      zoneName: (value: DateInput, timeZone?: string) => formatZoneName(value, locale, timeZone),
      separators: () => numberSeparators(locale),
      date: (value: DateInput, timeZone?: string) => formatDate(value, locale, timeZone),
      relative: (value: DateInput, now?: DateInput) => formatRelativeTime(value, locale, now),
    }),
    [locale],
  );
}
