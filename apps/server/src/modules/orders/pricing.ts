// What an order costs, from the server's own figures only: the challenge's price, the discount code
// as stored, the VAT rates of the configuration. Pure: no database, no clock.
import { EU_COUNTRY_CODES, vatIdFitsCountry } from '@app/contracts/commerce';
import { toSmallestUnit } from '@app/contracts/currency-units';
import { AppError } from '../../lib/app-error.ts';

export interface DiscountTerms {
  code: string;
  kind: 'percent' | 'fixed';
  /** percent: basis points (10 % = 1000). */
  percentBps: number | null;
  /** fixed: cents off in `currency`. */
  amountCents: number | null;
  currency: string | null;
}

export interface PricingInput {
  priceCents: number;
  currency: string;
  discount: DiscountTerms | null;
  /** The buyer's country; unknown (a quote without one): no VAT. */
  buyerCountry: string | null;
  /** Empty: the buyer gave none. */
  buyerVatId: string;
  sellerCountry: string;
  /** Country → VAT rate in basis points (VAT_RATES). */
  vatRates: ReadonlyMap<string, number>;
}

export interface Pricing {
  currency: string;
  subtotalCents: number;
  discountCents: number;
  discountCode: string | null;
  netCents: number;
  vatRateBps: number;
  vatCents: number;
  totalCents: number;
  reverseCharge: boolean;
}

const EU = new Set<string>(EU_COUNTRY_CODES);

/** amount × bps / 10,000, rounded half up to the cent (in integers: no binary fractions). */
export function percentOf(amountCents: number, bps: number): number {
  return Number((BigInt(amountCents) * BigInt(bps) + 5_000n) / 10_000n);
}

export function discountOf(subtotalCents: number, currency: string, d: DiscountTerms | null): number {
  if (!d) return 0;
  if (d.kind === 'percent') return Math.min(subtotalCents, percentOf(subtotalCents, d.percentBps ?? 0));
  if (d.currency !== currency) {
    throw new AppError(
      'DISCOUNT_CURRENCY_MISMATCH',
      400,
      `The discount code ${d.code} is in ${d.currency ?? '?'}, the challenge is priced in ${currency}`,
    );
  }
  // Never more than the price: a large fixed code makes the challenge free, not negative.
  return Math.min(subtotalCents, d.amountCents ?? 0);
}

/**
 * The VAT treatment of a buyer: a business with a VAT id of its own EU country, another than the
 * seller's, accounts for the VAT itself (reverse charge, art. 196 of Directive 2006/112/EC);
 * everyone else pays the rate configured for their country (none configured: 0).
 */
export function vatFor(input: Pick<PricingInput, 'buyerCountry' | 'buyerVatId' | 'sellerCountry' | 'vatRates'>) {
  const { buyerCountry, buyerVatId, sellerCountry, vatRates } = input;
  if (!buyerCountry) return { vatRateBps: 0, reverseCharge: false };
  const businessElsewhereInEu =
    !!buyerVatId &&
    vatIdFitsCountry(buyerVatId, buyerCountry) &&
    EU.has(buyerCountry) &&
    EU.has(sellerCountry) &&
    buyerCountry !== sellerCountry;
  if (businessElsewhereInEu) {
    return { vatRateBps: 0, reverseCharge: true };
  }
  return { vatRateBps: vatRates.get(buyerCountry) ?? 0, reverseCharge: false };
}

export function priceOrder(input: PricingInput): Pricing {
  const subtotalCents = input.priceCents;
  // A discount and VAT come out in whole units of a currency without decimals (¥1,499.90 is ¥1,500):
  // the amount a card or a bank transfer can carry is the order's total, to the unit.
  const discountCents = Math.min(
    subtotalCents,
    toSmallestUnit(discountOf(subtotalCents, input.currency, input.discount), input.currency),
  );
  const netCents = subtotalCents - discountCents;
  const { vatRateBps, reverseCharge } = vatFor(input);
  const vatCents = toSmallestUnit(percentOf(netCents, vatRateBps), input.currency);
  return {
    currency: input.currency,
    subtotalCents,
    discountCents,
    discountCode: input.discount?.code ?? null,
    netCents,
    vatRateBps,
    vatCents,
    totalCents: netCents + vatCents,
    reverseCharge,
  };
}
