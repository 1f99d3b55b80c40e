// A failed card payment started again sells the order as it was placed: only while its challenge
// is on sale at the order's price and its discount code may still be used; otherwise the member
// places a new order, priced today. The failed order gave its discount use back: it takes one again.
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChallengesService } from '../challenges/index.ts';
import { checkDiscountCode } from './discount-check.ts';
import { discountCodesRepository } from './discount-codes.repository.ts';
import type { OrderRow } from './orders.repository.ts';

const notRetryable = (why: string) =>
  new AppError('ORDER_NOT_RETRYABLE', 409, `The order cannot be paid again: ${why}. Place a new order`);

/** Throws when `row` (failed, locked) cannot be sold again as placed; takes its code's use again. */
export async function sellAgainAsPlaced(tx: Tx, challenges: ChallengesService, row: OrderRow, now: Date) {
  const challenge = await challenges.programOf(tx, row.challengeId);
  if (
    !challenge ||
    challenge.status !== 'active' ||
    challenge.priceCents !== row.subtotalCents ||
    challenge.currency !== row.currency
  ) {
    throw notRetryable('its challenge is no longer on sale at the price of the order');
  }
  if (!row.discountCodeId) return;
  const code = await discountCodesRepository.lockById(tx, row.discountCodeId);
  if (!code) throw notRetryable('its discount code no longer exists');
  try {
    checkDiscountCode(code, row.challengeId, now);
  } catch (err) {
    throw notRetryable(`its discount code cannot be used now (${(err as Error).message})`);
  }
  if (!(await discountCodesRepository.takeUse(tx, row.discountCodeId))) {
    throw new AppError('DISCOUNT_CODE_USED_UP', 400, 'The discount code of this order has been used up meanwhile');
  }
}
