import type { VerdictReview, VerdictReviewListParams } from '@app/contracts/reviews';
import { accountHistory } from '../../db/account-events.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Page } from '../../db/list-page.ts';
import { replay, sameVerdict, settle, verdictOf, type Verdict } from '../../engine/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Principal } from '../../plugins/access.ts';
import { recordAudit } from '../audit/index.ts';
import { rulesOf, type AccountRow } from './account-row.ts';
import { accountsRepository } from './accounts.repository.ts';
import { toBreachDto } from './accounts.dto.ts';
import { evaluate, recordEvaluation, storedVerdict } from './evaluation.ts';
import { verdictReviewsRepository, type VerdictReviewWithNames } from './verdict-reviews.repository.ts';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

function toVerdictDto(v: Verdict) {
  return {
    status: v.status,
    breach: toBreachDto(v.breach),
    passedAt: v.passedAt === null ? null : new Date(v.passedAt).toISOString(),
  };
}

export function toVerdictReviewDto(r: VerdictReviewWithNames): VerdictReview {
  return {
    id: r.id,
    accountId: r.accountId,
    accountLogin: r.accountLogin,
    userId: r.userId,
    userEmail: r.userEmail,
    challengeName: r.challengeName,
    status: r.status,
    storedVerdict: toVerdictDto(r.storedVerdict as Verdict),
    recomputedVerdict: toVerdictDto(r.recomputedVerdict as Verdict),
    reason: r.reason,
    resolvedBy: r.resolvedBy,
    resolvedAt: iso(r.resolvedAt),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * Staff decide what late data that disagrees with a stored verdict means: keep the stored verdict,
 * or apply the one recomputed from the account's full history (recomputed again at the moment of
 * the decision, so it includes anything that arrived since the review opened).
 */
export class VerdictReviewsService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      graceMs: number;
      onPhasePassed: (tx: Tx, account: AccountRow, at: Date) => Promise<unknown>;
      /** Live updates: an applied verdict is published after its commit. */
      live?: { publish(rows: AccountRow[]): void };
    },
  ) {}

  async list(q: VerdictReviewListParams): Promise<Page<VerdictReview>> {
    const { rows, total } = await verdictReviewsRepository.listPage(this.deps.db, q);
    return { items: rows.map(toVerdictReviewDto), total, page: q.page, pageSize: q.pageSize };
  }

  async resolve(actor: Principal, id: string, input: { action: 'keep' | 'apply'; reason: string }) {
    const now = this.deps.clock.now();
    let applied: AccountRow | undefined;
    await this.deps.db.transaction(async (tx) => {
      const review = await verdictReviewsRepository.lockById(tx, id);
      if (!review) throw notFound('verdict review');
      if (review.status !== 'open') throw new AppError('CONFLICT', 409, `The review is already ${review.status}`);
      const row = (await accountsRepository.lockById(tx, review.accountId))!;
      const before = storedVerdict(row);
      let after = before;
      if (input.action === 'apply') {
        const rules = rulesOf(row);
        const history = await accountHistory(tx, row.id);
        const forgiven = row.reinstatedThrough?.getTime() ?? null;
        const { state } = replay(rules, row.initialBalanceCents, history, row.tradingDayTz, forgiven);
        const settled = settle(state, rules, now.getTime() - this.deps.graceMs, row.tradingDayTz).state;
        after = verdictOf(settled);
        if (sameVerdict(before, after)) {
          throw new AppError('CONFLICT', 409, 'The recomputed verdict now equals the stored one: keep it instead');
        }
        // Evaluated as an open account: the recomputed verdict is the one the account takes.
        const evaluation = evaluate({ ...row, status: 'active' }, settled, now);
        await accountsRepository.update(tx, row.id, evaluation.patch);
        await recordEvaluation(tx, row, evaluation, { recomputed: false, now });
        applied = { ...row, ...evaluation.patch } as AccountRow;
        if (evaluation.passed) await this.deps.onPhasePassed(tx, { ...row, ...evaluation.patch } as AccountRow, now);
      }
      await verdictReviewsRepository.resolve(tx, id, {
        status: input.action === 'keep' ? 'kept' : 'applied',
        reason: input.reason,
        resolvedBy: actor.userId,
        now,
      });
      await recordAudit(tx, {
        actorId: actor.userId,
        action: input.action === 'keep' ? 'verdict_review.keep' : 'verdict_review.apply',
        targetType: 'trading_account',
        targetId: row.id,
        before: { verdict: toVerdictDto(before) },
        after: { verdict: toVerdictDto(after), reason: input.reason, reviewId: id },
        at: now,
      });
    });
    if (applied) this.deps.live?.publish([applied]);
    return toVerdictReviewDto((await verdictReviewsRepository.findById(this.deps.db, id))!);
  }
}
