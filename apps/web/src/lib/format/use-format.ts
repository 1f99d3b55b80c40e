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
import { useDisplayTimeZone } from './display-zone';
import {
  formatAmount,
  formatMoney,
  formatNumber,
  formatPercentBps,
  formatSignedPercentBps,
  formatSignedMoney,
  numberSeparators,
} from './format-number';

/**
 * The formatting helpers in the reader's chosen language and display time zone (a screen's own
 * zone where it passes one). A change of either re-renders the screens that use them.
 */
export function useFormat() {
  const { locale } = useIntl();
  const displayZone = useDisplayTimeZone();
  return useMemo(() => {
    const zoneOr = (timeZone?: string) => timeZone ?? displayZone;
    return {
      locale,
      number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, locale, options),
      money: (cents: number, currency: string) => formatMoney(cents, currency, locale),
      /** Money with its sign, for results: "+US$250.00". */
      signedMoney: (cents: number, currency: string) => formatSignedMoney(cents, currency, locale),
      /** Money without the currency sign, for formulas: "100,000.00". */
      amount: (cents: number, currency: string) => formatAmount(cents, currency, locale),
      percentBps: (bps: number) => formatPercentBps(bps, locale),
      /** A result's percentage, signed, two decimals: "+0.82%". */
      signedPercentBps: (bps: number) => formatSignedPercentBps(bps, locale),
      dateTime: (value: DateInput, timeZone?: string) => formatDateTime(value, locale, zoneOr(timeZone)),
      dateTimeSeconds: (value: DateInput, timeZone?: string) => formatDateTimeSeconds(value, locale, zoneOr(timeZone)),
      time: (value: DateInput, timeZone?: string, options?: { seconds?: boolean; zone?: boolean }) =>
        formatTime(value, locale, zoneOr(timeZone), options),
      zoneName: (value: DateInput, timeZone?: string) => formatZoneName(value, locale, zoneOr(timeZone)),
      separators: () => numberSeparators(locale),
      date: (value: DateInput, timeZone?: string) => formatDate(value, locale, zoneOr(timeZone)),
      relative: (value: DateInput, now?: DateInput) => formatRelativeTime(value, locale, now),
      /** The zone times are shown in when none is passed ("Asia/Tokyo"), for captions. */
      displayZone,
    };
  }, [locale, displayZone]);
}
