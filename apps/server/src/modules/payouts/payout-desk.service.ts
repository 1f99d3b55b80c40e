import type { PayoutListParams } from '@app/contracts/payouts';
import { grossFor } from '@app/contracts/payout-shares';
import type { Tx } from '../../db/client.ts';
import { mailPreferencesOf } from '../../db/mail-preferences.ts';
import { isRetryable } from '../../db/pg-errors.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { formatMoney } from '../../lib/mail-locale.ts';
import type { Principal } from '../../plugins/access.ts';
import type { AccountsService } from '../accounts/index.ts';
import { recordAudit } from '../audit/index.ts';
import { describeFailures } from './eligibility.ts';
import { DeliveryCoalescer, eligibilitiesOf, wrongState, type PayoutsDeps } from './payout-common.ts';
import { payoutMailFor, type PayoutMailKind } from './payout-mails.ts';
import {
  alreadyWithdrawn,
  payoutWithdrawalEvent,
  refusalToWithdraw,
  storedWithdrawal,
  withdrawalReported,
} from './paying.ts';
import { auditView, toAdminPayoutDto, toPayoutDto } from './payouts.dto.ts';
import { payoutsRepository, type AccountRecord, type MailRecipient, type PayoutRow } from './payouts.repository.ts';

/**
 * Withdrawals the platform books itself (paid payouts) are stored as events of this connector id;
 * no bridge has it. The key is the payout's (decision 038), so a payout is withdrawn once whatever
 * happens, a bridge's report of the same withdrawal included.
 */
export const PAYOUTS_CONNECTOR_ID = '00000000-0000-0000-0000-00000000a001';

const MAX_ATTEMPTS = 4;

/** The staff queue: every staff role reads it; approve, reject and mark paid are ADMIN's (routes). */
export class PayoutDeskService {
  private readonly delivery: DeliveryCoalescer;

  constructor(private readonly deps: PayoutsDeps) {
    this.delivery = new DeliveryCoalescer(deps.outbox);
  }

  private get db() {
    return this.deps.db;
  }

  async list(q: PayoutListParams) {
    const { rows, total } = await payoutsRepository.listAdmin(this.db, q);
    return { items: rows.map(toAdminPayoutDto), total, page: q.page, pageSize: q.pageSize };
  }

  async detail(id: string) {
    const p = await payoutsRepository.findView(this.db, id);
    if (!p) throw notFound('payout');
    const account = (await payoutsRepository.account(this.db, p.accountId))!;
    const [[eligibility], history, verdictReviews, newsViolations, withdrawal] = await Promise.all([
      // As of now, and as approval would see it: this request itself is not "another open request".
      eligibilitiesOf(this.db, this.deps.clock, [account], p.id),
      payoutsRepository.historyOfUser(this.db, p.userId),
      payoutsRepository.verdictReviewCount(this.db, account.id),
      this.deps.accounts.newsViolationsOfAccount(account.id),
      p.status === 'approved' ? storedWithdrawal(this.db, p) : null,
    ]);
    const breach = account.breach as { rule: string; at: number; formula?: { text?: string } } | null;
    return {
      payout: toAdminPayoutDto(p),
      eligibility: eligibility!,
      history: history.map(toPayoutDto),
      breach: breach
        ? { rule: breach.rule, at: new Date(breach.at).toISOString(), text: breach.formula?.text ?? '' }
        : null,
      verdictReviews,
      newsViolations,
      reportedWithdrawal: withdrawal && { eventId: withdrawal.eventId, at: withdrawal.at.toISOString() },
    };
  }

  /** Approves a requested payout if the account is still eligible for it now. */
  async approve(actor: Principal, id: string) {
    return this.decide(actor, id, 'approved', ['requested'], async (tx, before, account) => {
      const [e] = await eligibilitiesOf(tx, this.deps.clock, [account], before.id);
      if (!e!.eligible) {
        throw new AppError('PAYOUT_NOT_ELIGIBLE', 409, `The account is not eligible now: ${describeFailures(e!)}`);
      }
      if (before.amountCents > e!.availableCents) {
        throw new AppError(
          'PAYOUT_ABOVE_AVAILABLE',
          409,
          `The amount is above the ${formatMoney('en', account.currency, e!.availableCents)} available now`,
        );
      }
      const now = this.deps.clock.now();
      return {
        status: 'approved',
        approvedAt: now,
        // The profit it withdraws, as of the approval.
        grossCents: grossFor(before.amountCents, e!.profitCents, before.splitBps),
        reviewerId: actor.userId,
        updatedAt: now,
      };
    });
  }

  async reject(actor: Principal, id: string, reason: string) {
    return this.decide(actor, id, 'rejected', ['requested', 'approved'], async (tx, before) => {
      if (await withdrawalReported(tx, before)) throw alreadyWithdrawn();
      const now = this.deps.clock.now();
      return { status: 'rejected', rejectedAt: now, rejectionReason: reason, reviewerId: actor.userId, updatedAt: now };
    });
  }

  /**
   * Marks an approved payout paid: in one transaction the status (compare-and-set), the profit's
   * withdrawal through the ingestion path (balance, equity and the day's base fall; no level
   * moves), the transfer reference and the payout certificate. The account is checked again as it
   * is now (`refusalToWithdraw`), unless its bridge has already reported the withdrawal: then the
   * money is out, and the payout is recorded paid without a second withdrawal.
   */
  async markPaid(actor: Principal, id: string, reference: string) {
    let changed: Parameters<AccountsService['publishChanges']>[0][] = [];
    const result = await this.decide(actor, id, 'paid', ['approved'], async (tx, before, account) => {
      // A retried attempt starts over: rows of one rolled back are not published.
      changed = [];
      const reported = await withdrawalReported(tx, before);
      const refusal = reported ? null : refusalToWithdraw(account, before);
      if (refusal) throw refusal;
      const now = this.deps.clock.now();
      if (!reported) {
        const { changed: rows } = await this.deps.ingestion.ingestInTransaction(tx, PAYOUTS_CONNECTOR_ID, [
          payoutWithdrawalEvent(before, account.login, now),
        ]);
        changed.push(rows);
      }
      const certificate = await this.deps.certificates.issue(tx, {
        kind: 'payout',
        userId: before.userId,
        accountId: account.id,
        amountCents: before.amountCents,
        currency: before.currency,
        issuedAt: now,
      });
      return {
        status: 'paid',
        paidAt: now,
        transferReference: reference,
        certificateId: certificate?.id ?? null,
        reviewerId: actor.userId,
        updatedAt: now,
      };
    });
    for (const rows of changed) this.deps.accounts.publishChanges(rows);
    return result;
  }

  /**
   * One staff decision: lock the account (decisions on one account and its events go one after the
   * other), check and compute the change, then compare-and-set from the expected states: the
   * loser of a race gets 409 with the state it found. Audit and mail in the same transaction.
   */
  private async decide(
    actor: Principal,
    id: string,
    to: PayoutRow['status'] & PayoutMailKind,
    from: readonly PayoutRow['status'][],
    change: (tx: Tx, before: PayoutRow, account: AccountRecord) => Promise<Partial<PayoutRow>>,
  ) {
    for (let attempt = 1; ; attempt++) {
      try {
        const after = await this.db.transaction(async (tx) => {
          const current = await payoutsRepository.find(tx, id);
          if (!current) throw notFound('payout');
          const account = await payoutsRepository.account(tx, current.accountId, { lock: true });
          // Read again under the lock: a decision that committed meanwhile is seen now.
          const before = (await payoutsRepository.find(tx, id))!;
          if (!from.includes(before.status)) throw wrongState(before, to, from);
          const patch = await change(tx, before, account!);
          const row = await payoutsRepository.transition(tx, id, from, patch);
          if (!row) throw wrongState((await payoutsRepository.find(tx, id))!, to, from);
          await recordAudit(tx, {
            actorId: actor.userId,
            action: `payout.${to === 'paid' ? 'mark_paid' : to === 'approved' ? 'approve' : 'reject'}`,
            targetType: 'payout',
            targetId: id,
            before: auditView(before),
            after: auditView(row),
            at: this.deps.clock.now(),
          });
          await this.mail(tx, row, account!.login, to);
          return row;
        });
        this.delivery.soon();
        return { payout: toAdminPayoutDto((await payoutsRepository.findView(this.db, after.id))!) };
      } catch (err) {
        if (attempt < MAX_ATTEMPTS && isRetryable(err)) continue;
        throw err;
      }
    }
  }

  /** Queues the member's mail about the decision, in their language, if they want payout mails. */
  private async mail(tx: Tx, p: PayoutRow, login: string, kind: PayoutMailKind) {
    const mail = payoutMailFor(this.deps.publicUrl, p, login, kind, await this.recipient(tx, p.userId));
    if (mail) await this.deps.outbox.enqueue(tx, mail);
  }

  private async recipient(tx: Tx, userId: string): Promise<MailRecipient | undefined> {
    const user = await payoutsRepository.userContact(tx, userId);
    return user && { ...user, wantsPayoutMails: (await mailPreferencesOf(tx, userId)).wants('payouts') };
  }
}
