// What an order costs: the challenge on sale, the stored discount code still usable for it, the
// buyer's VAT. From stored figures only, never the client's; the quote and the checkout share it.
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ChallengesService } from '../challenges/index.ts';
import { checkDiscountCode, unknownCode } from './discount-check.ts';
import { discountCodesRepository, type DiscountCodeRow } from './discount-codes.repository.ts';
import { priceOrder, type DiscountTerms } from './pricing.ts';

const termsOf = (d: DiscountCodeRow): DiscountTerms => ({
  code: d.code,
  kind: d.kind,
  percentBps: d.percentBps,
  amountCents: d.amountCents,
  currency: d.currency,
});

export class OrderPricing {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      challenges: ChallengesService;
      sellerCountry: string;
      /** Country → VAT in basis points. */
      vatRates: ReadonlyMap<string, number>;
    },
  ) {}

  /** The challenge, if it is on sale (409 otherwise). */
  async activeChallenge(id: string) {
    const challenge = await this.deps.challenges.get(id);
    if (challenge.status !== 'active') {
      throw new AppError('CONFLICT', 409, 'The challenge is no longer on sale');
    }
    return challenge;
  }

  /** The stored code, if it applies to the challenge now (4xx naming why otherwise). */
  async usableDiscount(code: string, challengeId: string): Promise<DiscountCodeRow> {
    const row = await discountCodesRepository.findByCode(this.deps.db, code);
    if (!row) throw unknownCode(code);
    checkDiscountCode(row, challengeId, this.deps.clock.now());
    return row;
  }

  /** The challenge's price with the discount and the buyer's VAT. */
  price(
    challenge: { priceCents: number; currency: string },
    discount: DiscountCodeRow | null,
    buyer: { country: string | null; vatId: string },
  ) {
    return priceOrder({
      priceCents: challenge.priceCents,
      currency: challenge.currency,
      discount: discount && termsOf(discount),
      buyerCountry: buyer.country,
      buyerVatId: buyer.vatId,
      sellerCountry: this.deps.sellerCountry,
      vatRates: this.deps.vatRates,
    });
  }
}
