import type { AccountEligibility } from '@app/contracts/payouts';

/**
 * A funded 100K account's payout eligibility for the screens' tests: 5,000.00 profit at an 80 %
 * split (4,000.00 available to the trader), eligible, no checks unless given.
 */
export const eligibility = (over: Partial<AccountEligibility> = {}): AccountEligibility => ({
  accountId: 'acc-7',
  login: '50000007',
  challengeName: '100K Two-Step',
  currency: 'USD',
  status: 'active',
  initialBalanceCents: 100_000_00,
  balanceCents: 105_000_00,
  profitCents: 5_000_00,
  splitBps: 8000,
  availableCents: 4_000_00,
  firmShareCents: 1_000_00,
  minimumCents: 100_00,
  intervalDays: 14,
  eligible: true,
  checks: [],
  asOf: '2026-11-23T12:00:00Z',
  ...over,
});
