import type { discountCodeInputSchema, discountCodeListQuerySchema } from '@app/contracts/commerce';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Principal } from '../../plugins/access.ts';
import { recordAudit } from '../audit/index.ts';
import type { ChallengesService } from '../challenges/index.ts';
import { discountCodesRepository } from './discount-codes.repository.ts';
import { toDiscountCodeDto } from './orders.dto.ts';

type CodeInput = z.output<typeof discountCodeInputSchema>;
type ListParams = z.output<typeof discountCodeListQuerySchema>;

const taken = (code: string) => new AppError('CONFLICT', 409, `A discount code ${code} already exists`);

/** Discount codes (ADMIN writes, staff reads), every write audited in its transaction. */
export class DiscountCodesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly challenges: ChallengesService,
  ) {}

  async list(q: ListParams) {
    const { rows, total } = await discountCodesRepository.listPage(this.db, q);
    return { items: rows.map(toDiscountCodeDto), total, page: q.page, pageSize: q.pageSize };
  }

  async create(actor: Principal, input: CodeInput) {
    if (input.challengeId) await this.challenges.get(input.challengeId); // 404 for an unknown one
    const now = this.clock.now();
    try {
      const id = await this.db.transaction(async (tx) => {
        if (await discountCodesRepository.findByCode(tx, input.code)) throw taken(input.code);
        const row = await discountCodesRepository.insert(tx, {
          code: input.code,
          kind: input.kind,
          // Only the fields of its kind: the CHECK refuses a percent code with an amount.
          percentBps: input.kind === 'percent' ? input.percentBps : null,
          amountCents: input.kind === 'fixed' ? input.amountCents : null,
          currency: input.kind === 'fixed' ? input.currency : null,
          validFrom: input.validFrom ? new Date(input.validFrom) : null,
          validUntil: input.validUntil ? new Date(input.validUntil) : null,
          maxUses: input.maxUses,
          challengeId: input.challengeId,
          createdBy: actor.userId,
          createdAt: now,
        });
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'discount_code.create',
          targetType: 'discount_code',
          targetId: row.id,
          after: toDiscountCodeDto({ ...row, challengeName: null }),
          at: now,
        });
        return row.id;
      });
      return { discountCode: toDiscountCodeDto((await discountCodesRepository.findView(this.db, id))!) };
    } catch (err) {
      // Two admins creating the same code at once: the unique index decides.
      if (isUniqueViolation(err)) throw taken(input.code);
      throw err;
    }
  }

  async setActive(actor: Principal, id: string, active: boolean) {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const before = await discountCodesRepository.lockById(tx, id);
      if (!before) throw notFound('discount code');
      await discountCodesRepository.setActive(tx, id, active);
      await recordAudit(tx, {
        actorId: actor.userId,
        action: active ? 'discount_code.activate' : 'discount_code.deactivate',
        targetType: 'discount_code',
        targetId: id,
        before: { active: before.active },
        after: { active },
        at: now,
      });
    });
    return { discountCode: toDiscountCodeDto((await discountCodesRepository.findView(this.db, id))!) };
  }
}
