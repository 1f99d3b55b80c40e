import {
  formatOrderNumber,
  type AdminOrder,
  type BillingDetails,
  type DiscountCode,
  type Order,
} from '@app/contracts/commerce';
import type { DiscountCodeView } from './discount-codes.repository.ts';
import type { OrderView } from './orders.repository.ts';

/** Where bank transfers go (BANK_* configuration). */
export interface BankDetails {
  beneficiary: string;
  iban: string;
  bic: string;
  bankName: string;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toOrderDto(o: OrderView, bank: BankDetails): Order {
  const pending = o.status === 'pending';
  return {
    id: o.id,
    number: formatOrderNumber(o.number),
    userId: o.userId,
    challengeId: o.challengeId,
    challengeName: o.challengeName,
    status: o.status,
    currency: o.currency,
    subtotalCents: o.subtotalCents,
    discountCents: o.discountCents,
    discountCode: o.discountCode,
    netCents: o.netCents,
    vatRateBps: o.vatRateBps,
    vatCents: o.vatCents,
    totalCents: o.totalCents,
    reverseCharge: o.reverseCharge,
    provider: o.provider,
    providerReference: o.providerReference,
    billing: o.billing as BillingDetails,
    createdAt: o.createdAt.toISOString(),
    paidAt: iso(o.paidAt),
    cancelledAt: iso(o.cancelledAt),
    refundedAt: iso(o.refundedAt),
    failedAt: iso(o.failedAt),
    failureReason: o.failureReason,
    invoiceNumber: o.invoiceNumber,
    accountId: o.accountId,
    accountLogin: o.accountLogin,
    // A transfer is quoted by the order number, whatever the bank adds.
    paymentInstructions:
      pending && o.provider === 'manual'
        ? { ...bank, reference: formatOrderNumber(o.number), amountCents: o.totalCents, currency: o.currency }
        : null,
    checkoutUrl: pending && o.provider === 'stripe' ? o.checkoutUrl : null,
  };
}

export function toAdminOrderDto(o: OrderView, bank: BankDetails): AdminOrder {
  return { ...toOrderDto(o, bank), userEmail: o.userEmail, userName: o.userName };
}

export function toDiscountCodeDto(c: DiscountCodeView): DiscountCode {
  return {
    id: c.id,
    code: c.code,
    kind: c.kind,
    percentBps: c.percentBps,
    amountCents: c.amountCents,
    currency: c.currency,
    validFrom: iso(c.validFrom),
    validUntil: iso(c.validUntil),
    maxUses: c.maxUses,
    uses: c.uses,
    challengeId: c.challengeId,
    challengeName: c.challengeName,
    active: c.active,
    createdAt: c.createdAt.toISOString(),
  };
}
