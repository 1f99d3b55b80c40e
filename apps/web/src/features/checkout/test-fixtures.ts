import type { Challenge } from '@app/contracts/challenges';
import type { Order, Quote } from '@app/contracts/commerce';

type Phase = Challenge['phases'][number];
const phase = (over: Partial<Phase>): Phase => ({
  index: 0,
  kind: 'evaluation',
  profitTargetBps: 1000,
  maxDailyLossBps: 500,
  maxLossBps: 1000,
  drawdownType: 'static',
  dailyLossBase: 'balance',
  minTradingDays: 4,
  maxDays: 30,
  profitSplitBps: null,
  minPayoutCents: null,
  payoutIntervalDays: null,
  ...over,
});
const funded = (index: number) =>
  phase({ index, kind: 'funded', profitTargetBps: null, maxDays: null, minTradingDays: 0, profitSplitBps: 8000 });

export const challenge = (over: Partial<Challenge>): Challenge => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: '10K Two-Step',
  slug: '10k-two-step',
  description: '',
  accountSizeCents: 1_000_000,
  currency: 'USD',
  priceCents: 9_900,
  status: 'active',
  platform: 'demo',
  leverage: 100,
  phases: [phase({ index: 0 }), phase({ index: 1, profitTargetBps: 500, maxDays: null }), funded(2)],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});

export const twoStep10k = challenge({});
export const twoStep100k = challenge({
  id: '00000000-0000-4000-8000-000000000002',
  name: '100K Two-Step',
  slug: '100k-two-step',
  accountSizeCents: 10_000_000,
  priceCents: 49_900,
});
export const oneStep10k = challenge({
  id: '00000000-0000-4000-8000-000000000003',
  name: '10K One-Step',
  slug: '10k-one-step',
  priceCents: 12_900,
  phases: [
    phase({
      index: 0,
      drawdownType: 'eod_trailing',
      dailyLossBase: 'max_balance_equity',
      minTradingDays: 0,
      maxDays: null,
      maxDailyLossBps: 300,
      maxLossBps: 600,
    }),
    funded(1),
  ],
});

export const quote = (over: Partial<Quote> = {}): Quote => ({
  challengeId: twoStep10k.id,
  currency: 'USD',
  subtotalCents: 9_900,
  discountCents: 0,
  discountCode: null,
  netCents: 9_900,
  vatRateBps: 0,
  vatCents: 0,
  totalCents: 9_900,
  reverseCharge: false,
  ...over,
});

export const order = (over: Partial<Order> = {}): Order => ({
  id: '00000000-0000-4000-8000-0000000000aa',
  number: 'ORD-000123',
  userId: 'u1',
  challengeId: twoStep10k.id,
  challengeName: twoStep10k.name,
  status: 'paid',
  currency: 'USD',
  subtotalCents: 9_900,
  discountCents: 0,
  discountCode: null,
  netCents: 9_900,
  vatRateBps: 0,
  vatCents: 0,
  totalCents: 9_900,
  reverseCharge: false,
  provider: 'demo',
  providerReference: null,
  billing: {
    name: 'Martina N',
    email: 'm@example.com',
    addressLine1: 'Main St 1',
    addressLine2: '',
    city: 'Prague',
    postalCode: '11000',
    country: 'CZ',
    company: '',
    vatId: '',
  },
  createdAt: '2026-11-20T10:00:00Z',
  paidAt: '2026-11-20T10:00:01Z',
  cancelledAt: null,
  refundedAt: null,
  failedAt: null,
  failureReason: null,
  invoiceNumber: 'INV-2026-000001',
  accountId: 'acc-1',
  accountLogin: '700001',
  paymentInstructions: null,
  checkoutUrl: null,
  ...over,
});
