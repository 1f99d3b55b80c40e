// The demo provider: pays at once, without money. Registered only in demo mode (config refuses it
// otherwise), so a real server never hands out challenges for free.
import type { PaymentProvider } from '../payment-provider.ts';

export function createDemoProvider(): PaymentProvider {
  return {
    name: 'demo',
    start: async (order) => ({ kind: 'paid', reference: `DEMO-${order.number}` }),
    // Nothing was taken, so nothing is given back.
    refund: async () => {},
    // Paid at once: never a page left open.
    abandon: async () => {},
  };
}
