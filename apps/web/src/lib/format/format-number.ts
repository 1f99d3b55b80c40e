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

/**
 * A result in basis points as a signed percentage with two decimals (one decimal of a percent per
 * basis point: nothing is rounded): "+0.82%", "+11.10%", so that results side by side line up.
 */
export function formatSignedPercentBps(bps: number, locale: string): string {
  return numberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(bps / 10_000);
}

/** The digits a currency shows after the decimal mark: 2 for USD and EUR, 0 for JPY. */
export function currencyDigits(currency: string, locale = 'en'): number {
  return numberFormat(locale, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * Money from integer cents as a plain amount, without the currency sign: "100,000.00" /
 * "100.000,00". For formulas and tables where the currency is said once.
 */
export function formatAmount(cents: number, currency: string, locale: string): string {
  const digits = currencyDigits(currency, locale);
  return numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(cents / 100);
}

/** Money with an explicit sign, for results: "+$250.00", "−$120.50". */
export function formatSignedMoney(cents: number, currency: string, locale: string): string {
  return numberFormat(locale, { style: 'currency', currency, signDisplay: 'exceptZero' }).format(cents / 100);
}

/** The locale's grouping and decimal marks: { group: ',', decimal: '.' } / { group: '.', decimal: ',' }. */
export function numberSeparators(locale: string): { group: string; decimal: string } {
  const parts = numberFormat(locale, {}).formatToParts(12345.6);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}
