// An invoice row (seller and buyer frozen when the order was paid) and its order, as the document
// the PDF prints: nothing is read from today's configuration or profile.
import { formatOrderNumber, type BillingDetails } from '@app/contracts/commerce';
import type { InvoiceBuyer, InvoiceDocument, InvoiceSeller } from './invoice-document.ts';
import { INVOICE_LOCALES, type InvoiceLocale } from './invoice-texts.ts';
import type { InvoiceRow } from './invoices.repository.ts';
import type { OrderRow } from './orders.repository.ts';

/** The buyer as the invoice keeps them, from the order's billing details. */
export function buyerOf(billing: BillingDetails): InvoiceBuyer {
  return {
    name: billing.name,
    company: billing.company,
    addressLines: [billing.addressLine1, billing.addressLine2].filter(Boolean),
    city: billing.city,
    postalCode: billing.postalCode,
    country: billing.country,
    vatId: billing.vatId,
    email: billing.email,
  };
}

const SERVICE: Record<InvoiceLocale, (challenge: string) => string> = {
  en: (c) => `Trading challenge ${c} — evaluation account`,
  de: (c) => `Trading-Challenge ${c} — Evaluierungskonto`,
  es: (c) => `Desafío de trading ${c} — cuenta de evaluación`,
  fr: (c) => `Challenge de trading ${c} — compte d'évaluation`,
  ja: (c) => `トレーディングチャレンジ ${c} — 評価アカウント`,
  zh: (c) => `交易挑战 ${c} — 评估账户`,
};

const invoiceLocale = (locale: string): InvoiceLocale =>
  (INVOICE_LOCALES as readonly string[]).includes(locale) ? (locale as InvoiceLocale) : 'en';

export function invoiceDocumentOf(
  invoice: InvoiceRow,
  order: OrderRow & { discountCode: string | null },
): InvoiceDocument {
  const locale = invoiceLocale(order.locale);
  const paidAt = order.paidAt ?? invoice.issuedAt;
  return {
    number: invoice.number,
    issuedAt: invoice.issuedAt,
    suppliedAt: paidAt,
    seller: invoice.seller as InvoiceSeller,
    buyer: invoice.buyer as InvoiceBuyer,
    // The name it was sold under, frozen on the invoice (a challenge can be renamed since).
    description: SERVICE[locale](invoice.challengeName),
    quantity: 1,
    currency: order.currency,
    subtotalCents: order.subtotalCents,
    discount: { code: order.discountCode, amountCents: order.discountCents },
    netCents: order.netCents,
    vatRateBps: order.vatRateBps,
    vatCents: order.vatCents,
    totalCents: order.totalCents,
    reverseCharge: order.reverseCharge,
    paymentMethod: order.provider,
    paidAt,
    orderNumber: formatOrderNumber(order.number),
    locale,
  };
}
