// The one interface every payment provider implements (demo, manual, stripe); the orders service
// picks one by the order's `provider` and never knows more about it than this.
import type { PaymentProvider as ProviderName } from '@app/contracts/commerce';

/** What the service tells a provider about a stored pending order. */
export interface PayableOrder {
  id: string;
  /** ORD-000123 */
  number: string;
  totalCents: number;
  currency: string;
  email: string;
  /** The line the buyer sees at the provider ("100K Two-Step challenge"). */
  description: string;
  locale: string;
}

/** Where the buyer goes after paying or giving up at the provider's page. */
export interface ReturnUrls {
  success: string;
  cancel: string;
}

/** How a payment started: paid at once (demo), waits for a transfer (manual), or a page to pay on (stripe). */
export type PaymentStart =
  | { kind: 'paid'; reference: string }
  | { kind: 'awaiting_transfer'; reference: string }
  | { kind: 'redirect'; reference: string; url: string };

export interface PaymentProvider {
  readonly name: ProviderName;
  /**
   * Starts paying a stored pending order. Throws AppError 503 PAYMENT_PROVIDER_UNAVAILABLE when the
   * provider cannot be reached: the order stays pending and the buyer may retry.
   */
  start(order: PayableOrder, urls: ReturnUrls): Promise<PaymentStart>;
  /** Gives the money back (staff refund). Manual and demo refunds happen outside the platform. */
  refund(order: { reference: string | null; totalCents: number; currency: string }): Promise<void>;
  /**
   * Closes the payment page of a cancelled order (its `reference`), so it can no longer be paid.
   * A page already closed or paid is left as it is (a late payment arrives as a notice and is
   * flagged for a refund). Throws like `start` when the provider cannot be reached.
   */
  abandon(reference: string): Promise<void>;
}

/** A provider's webhook, verified and reduced to what the orders service acts on. */
export interface PaymentNotice {
  /** The provider's event id: a notice handled once is never handled again. */
  eventId: string;
  type: 'paid' | 'failed' | 'refunded' | 'ignored';
  /** The provider's reference of the order (a Checkout session id). */
  reference: string | null;
  /** The order id the payment was started with (metadata), when the provider echoes it. */
  orderId: string | null;
  /** Amount and currency the provider took, to check against the order. */
  amountCents: number | null;
  currency: string | null;
  failureReason: string | null;
}
