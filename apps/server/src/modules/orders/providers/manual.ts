// Bank transfer: the buyer pays to the firm's account quoting the order number; staff mark the order
// paid when the money arrives, and give it back by bank when they refund.
import type { PaymentProvider } from '../payment-provider.ts';

export function createManualProvider(): PaymentProvider {
  return {
    name: 'manual',
    start: async (order) => ({ kind: 'awaiting_transfer', reference: order.number }),
    // The money goes back by a transfer staff make at the bank: nothing to call here.
    refund: async () => {},
    // A transfer is not stopped by the platform: one that arrives after a cancel is sent back by staff.
    abandon: async () => {},
  };
}
