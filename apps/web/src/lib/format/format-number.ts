import { numberFormat } from './intl-cache';

/** A plain number with the locale's grouping and decimal marks. */
export function formatNumber(value: number, locale: string, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(locale, options).format(value);
}

/**
 * Money held as integer cents (hundredths of the currency unit, as everywhere on the platform),
 * shown with the currency's symbol and the locale's marks: 123456 USD → "$1,234.56" / "1.234,56 $".
 */
export function formatMoney(
  cents: number,
  currency: string,
  locale: string,
  options: Intl.NumberFormatOptions = {},
): string {
  return numberFormat(locale, { style: 'currency', currency, ...options }).format(cents / 100);
}

/** Basis points (1 bp = 0.01 %) as a percentage: 1250 → "12.5%". */
export function formatPercentBps(bps: number, locale: string): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);
}
