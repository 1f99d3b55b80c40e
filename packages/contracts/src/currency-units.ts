// Money is kept in hundredths of the unit for every currency. A currency without decimals (JPY,
// KRW…) is still paid in whole units, so amounts computed from percentages (a discount, VAT) are
// rounded to them; one with three decimals (KWD, BHD…) cannot be held in hundredths at all.

const decimalsByCurrency = new Map<string, number>();

/** How many decimals the currency's amounts have (Intl's ISO 4217 data; 2 when unknown). */
export function currencyDecimals(currency: string): number {
  let decimals = decimalsByCurrency.get(currency);
  if (decimals === undefined) {
    try {
      decimals =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      decimals = 2;
    }
    // Every quote asks for it twice: a formatter is built once per currency, not per call.
    decimalsByCurrency.set(currency, decimals);
  }
  return decimals;
}

/** Cents in the currency's smallest unit: 100 for yen, 1 for euro cents. */
export const centsPerSmallestUnit = (currency: string): number => (currencyDecimals(currency) === 0 ? 100 : 1);

/** `cents` rounded half up to the currency's smallest unit. */
export function toSmallestUnit(cents: number, currency: string): number {
  const step = centsPerSmallestUnit(currency);
  return step === 1 ? cents : Math.floor((cents + step / 2) / step) * step;
}
