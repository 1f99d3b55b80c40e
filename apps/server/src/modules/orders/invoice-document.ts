// Everything an invoice PDF prints, frozen when the order was paid (Directive 2006/112/EC art. 226):
// the renderer formats it and adds nothing of its own.
import type { COUNTRY_CODES, PaymentProvider } from '@app/contracts/commerce';
import type { InvoiceLocale } from './invoice-texts.ts';

type CountryCode = (typeof COUNTRY_CODES)[number];

/** The firm selling the challenge, from configuration. */
export interface InvoiceSeller {
  name: string;
  /** Street, postal code and city, as many lines as the address needs. */
  addressLines: string[];
  country: CountryCode;
  vatId: string;
}

/** The buyer as they gave their billing details at checkout. */
export interface InvoiceBuyer {
  name: string;
  /** Empty: a private buyer. */
  company: string;
  addressLines: string[];
  city: string;
  postalCode: string;
  country: CountryCode;
  /** Empty: none given. */
  vatId: string;
  email: string;
}

export interface InvoiceDocument {
  /** INV-2026-000123 */
  number: string;
  issuedAt: Date;
  /** The date of supply: the challenge is delivered when the order is paid. */
  suppliedAt: Date;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  /** The one service line, e.g. "Trading challenge 100K Two-Step — evaluation account". */
  description: string;
  quantity: 1;
  /** ISO 4217, upper case; every amount below is in its minor unit. */
  currency: string;
  subtotalCents: number;
  /** Code null and amount 0: no discount. */
  discount: { code: string | null; amountCents: number };
  netCents: number;
  /** 21 % = 2100. */
  vatRateBps: number;
  vatCents: number;
  totalCents: number;
  /** B2B buyer with a VAT id in another EU country: no VAT charged, the buyer accounts for it. */
  reverseCharge: boolean;
  paymentMethod: PaymentProvider;
  paidAt: Date;
  /** ORD-000123 */
  orderNumber: string;
  locale: InvoiceLocale;
}
