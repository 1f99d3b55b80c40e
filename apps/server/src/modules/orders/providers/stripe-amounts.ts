// The platform keeps money in cents (hundredths of the unit) for every currency; Stripe wants the
// currency's smallest unit, which for zero-decimal currencies (JPY, KRW…) is the unit itself.

/** Stripe's zero-decimal currencies (its "Zero-decimal currencies" list). */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

const isZeroDecimal = (currency: string) => ZERO_DECIMAL.has(currency.toUpperCase());

/** Platform cents → the amount Stripe charges (¥1,200 held as 120000 → 1200). */
export const toStripeAmount = (cents: number, currency: string): number =>
  isZeroDecimal(currency) ? Math.round(cents / 100) : cents;

/** Stripe's amount → platform cents, to compare with the order's total. */
export const fromStripeAmount = (amount: number, currency: string): number =>
  isZeroDecimal(currency) ? amount * 100 : amount;
