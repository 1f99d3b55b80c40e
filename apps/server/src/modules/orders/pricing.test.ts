import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { discountOf, percentOf, priceOrder, vatFor, type DiscountTerms, type PricingInput } from './pricing.ts';

const rates = new Map([
  ['CZ', 2100],
  ['DE', 1900],
]);
const base: PricingInput = {
  priceCents: 59_900,
  currency: 'EUR',
  discount: null,
  buyerCountry: 'CZ',
  buyerVatId: '',
  sellerCountry: 'CZ',
  vatRates: rates,
};
const percent = (bps: number): DiscountTerms => ({
  code: 'P',
  kind: 'percent',
  percentBps: bps,
  amountCents: null,
  currency: null,
});
const fixed = (cents: number, currency = 'EUR'): DiscountTerms => ({
  code: 'F',
  kind: 'fixed',
  percentBps: null,
  amountCents: cents,
  currency,
});

describe('pricing', () => {
  it('rounds a percentage half up to the cent', () => {
    expect(percentOf(1_005, 5_000)).toBe(503); // 502.5 → 503
    expect(percentOf(1_003, 5_000)).toBe(502); // 501.5 → 502
    expect(percentOf(1_001, 5_000)).toBe(501); // 500.5 → 501
    expect(percentOf(999, 1_000)).toBe(100); // 99.9 → 100
    expect(percentOf(994, 1_000)).toBe(99); // 99.4 → 99
    expect(percentOf(900_000_000_000, 10_000)).toBe(900_000_000_000); // no precision lost at the bound
  });

  it('takes a percent discount off the subtotal and never more than it', () => {
    expect(discountOf(59_900, 'EUR', percent(1_000))).toBe(5_990);
    expect(discountOf(59_900, 'EUR', percent(10_000))).toBe(59_900);
    expect(discountOf(59_900, 'EUR', null)).toBe(0);
  });

  it('takes a fixed discount only in the same currency, capped at the subtotal', () => {
    expect(discountOf(59_900, 'EUR', fixed(5_000))).toBe(5_000);
    expect(discountOf(59_900, 'EUR', fixed(100_000))).toBe(59_900);
    try {
      discountOf(59_900, 'EUR', fixed(5_000, 'USD'));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).code).toBe('DISCOUNT_CURRENCY_MISMATCH');
      expect((e as AppError).status).toBe(400);
    }
  });

  it("charges the buyer's country's rate to private and domestic business buyers", () => {
    expect(vatFor({ ...base, buyerCountry: 'DE' })).toEqual({ vatRateBps: 1_900, reverseCharge: false });
    expect(vatFor({ ...base, buyerCountry: 'CZ', buyerVatId: 'CZ12345678' })).toEqual({
      vatRateBps: 2_100,
      reverseCharge: false,
    });
    // A country without a configured rate, and a buyer outside the EU with a VAT-like id: none.
    expect(vatFor({ ...base, buyerCountry: 'FR' })).toEqual({ vatRateBps: 0, reverseCharge: false });
    expect(vatFor({ ...base, buyerCountry: 'US', buyerVatId: 'US123456' })).toEqual({
      vatRateBps: 0,
      reverseCharge: false,
    });
  });

  it('applies reverse charge to a business with a VAT id in another EU country', () => {
    expect(vatFor({ ...base, buyerCountry: 'DE', buyerVatId: 'DE123456789' })).toEqual({
      vatRateBps: 0,
      reverseCharge: true,
    });
    // Greece's VAT ids carry EL, not GR.
    expect(vatFor({ ...base, buyerCountry: 'GR', buyerVatId: 'EL123456789' })).toMatchObject({ reverseCharge: true });
  });

  it('charges VAT when the VAT id is not of the billing country: any id beside any address proves nothing', () => {
    // A German id beside a German address bought from a Czech seller: reverse charge; beside a
    // French address, or a Czech id (the seller's country) beside an Austrian one: the buyer's rate.
    expect(vatFor({ ...base, buyerCountry: 'FR', buyerVatId: 'DE123456789' })).toEqual({
      vatRateBps: 0,
      reverseCharge: false,
    });
    expect(vatFor({ ...base, buyerCountry: 'DE', buyerVatId: 'FR12' })).toEqual({
      vatRateBps: 1_900,
      reverseCharge: false,
    });
    expect(vatFor({ ...base, buyerCountry: 'AT', buyerVatId: 'CZ12345678' })).toMatchObject({ reverseCharge: false });
  });

  it('gives a currency without decimals its discount and VAT in whole units, so a card can carry the total', () => {
    // ¥14,999 − 10 % = ¥13,499.10 → ¥13,499; 10 % VAT on it = ¥1,349.90 → ¥1,350.
    const yen = priceOrder({
      ...base,
      priceCents: 1_499_900,
      currency: 'JPY',
      discount: percent(1000),
      buyerCountry: 'JP',
      vatRates: new Map([['JP', 1000]]),
    });
    expect(yen).toMatchObject({
      discountCents: 150_000,
      netCents: 1_349_900,
      vatCents: 135_000,
      totalCents: 1_484_900,
    });
    expect(yen.totalCents % 100).toBe(0);
    // Two decimals: to the cent, as before.
    expect(priceOrder({ ...base, discount: percent(1500) })).toMatchObject({ discountCents: 8_985, vatCents: 10_692 });
  });

  it('charges no VAT where none is configured (the default)', () => {
    const p = priceOrder({ ...base, vatRates: new Map() });
    expect(p).toMatchObject({ vatRateBps: 0, vatCents: 0, totalCents: 59_900, reverseCharge: false });
  });

  it('adds up: net = subtotal − discount, VAT on the net rounded half up, total = net + VAT', () => {
    const p = priceOrder({ ...base, discount: percent(1_500) });
    // 599.00 − 15 % (89.85) = 509.15; 21 % of 509.15 = 106.9215 → 106.92
    expect(p).toEqual({
      currency: 'EUR',
      subtotalCents: 59_900,
      discountCents: 8_985,
      discountCode: 'P',
      netCents: 50_915,
      vatRateBps: 2_100,
      vatCents: 10_692,
      totalCents: 61_607,
      reverseCharge: false,
    });
    const half = priceOrder({ ...base, priceCents: 50, buyerCountry: 'DE', vatRates: new Map([['DE', 1_000]]) });
    expect(half.vatCents).toBe(5); // 5.0
    const up = priceOrder({ ...base, priceCents: 25, buyerCountry: 'DE', vatRates: new Map([['DE', 1_000]]) });
    expect(up.vatCents).toBe(3); // 2.5 → 3
  });
});
