import type { myPayoutsQuerySchema, payoutListQuerySchema } from '@app/contracts/payouts';
import type { z } from 'zod';

export type MyPayoutsParams = z.output<typeof myPayoutsQuerySchema>;
export type PayoutQueueParams = z.output<typeof payoutListQuerySchema>;

/** Every query key of the payout screens (member and staff). */
export const payoutKeys = {
  all: ['payouts'] as const,
  eligibility: () => [...payoutKeys.all, 'eligibility'] as const,
  mine: () => [...payoutKeys.all, 'mine'] as const,
  myList: (params: MyPayoutsParams) => [...payoutKeys.mine(), params] as const,
  queue: () => [...payoutKeys.all, 'queue'] as const,
  queueList: (params: PayoutQueueParams) => [...payoutKeys.queue(), params] as const,
  detail: (id: string) => [...payoutKeys.all, 'detail', id] as const,
};
