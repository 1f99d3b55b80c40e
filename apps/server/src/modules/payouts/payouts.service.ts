import { grossFor } from '@app/contracts/payout-shares';
import type {
  AccountEligibility,
  EligibilityResponse,
  PayoutDestination,
  PayoutListParams,
} from '@app/contracts/payouts';
import type { Db, Tx } from '../../db/client.ts';
import { mailPreferencesOf } from '../../db/mail-preferences.ts';
import { isRetryable } from '../../db/pg-errors.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { formatMoney } from '../../lib/mail-locale.ts';
import type { MailLocale } from '../../lib/mail-render.ts';
import type { Principal } from '../../plugins/access.ts';
import { rulesOf, stateOf, type AccountsService } from '../accounts/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { CertificatesService } from '../certificates/index.ts';
import type { IngestionService } from '../ingestion/index.ts';
import type { OutboxService } from '../mail/index.ts';
import { describeFailures, eligibilityOf } from './eligibility.ts';
import { payoutMailFor, type PayoutMailKind } from './payout-mails.ts';
import {
  alreadyWithdrawn,
  payoutWithdrawalEvent,
  refusalToWithdraw,
  reportedWithdrawals,
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

export interface PayoutsDeps {
  db: Db;
  clock: Clock;
  accounts: AccountsService;
  ingestion: IngestionService;
  certificates: CertificatesService;
  outbox: OutboxService;
  publicUrl: string;
}

/** Mail delivery runs are asked for at most this often: one run sends every pending mail. */
const DELIVERY_COALESCE_MS = 1_000;

export class PayoutsService {
  private deliverySoon: NodeJS.Timeout | null = null;

  constructor(private readonly deps: PayoutsDeps) {}

  /**
   * Asks for a mail delivery run shortly after a commit, one for every burst of requests: queueing
   * a job per request cost more than the request itself on the embedded database.
   */
  private deliverSoon(): void {
    if (this.deliverySoon) return;
    this.deliverySoon = setTimeout(() => {
      this.deliverySoon = null;
      this.deps.outbox.notify();
    }, DELIVERY_COALESCE_MS);
    this.deliverySoon.unref();
  }

  private get db() {
    return this.deps.db;
  }

  // ---------------------------------------------------------------- eligibility

  private async eligibilities(db: Db | Tx, accounts: AccountRecord[], ignore?: string): Promise<AccountEligibility[]> {
    const facts = await payoutsRepository.facts(
      db,
      accounts.map((a) => a.id),
    );
    const now = this.deps.clock.now();
    return accounts.map((a) => {
      const f = facts.get(a.id)!;
      return eligibilityOf({
        account: {
          id: a.id,
          login: a.login,
          challengeName: a.challengeName,
          currency: a.currency,
          status: a.status,
          phaseKind: a.phaseKind,
          initialBalanceCents: a.initialBalanceCents,
          balanceCents: a.balanceCents,
          openPositions: stateOf(a).openPositions,
          rules: rulesOf(a),
        },
        firstTradeAt: f.firstTradeAt,
        lastPaidAt: f.lastPaidAt,
        open: f.open && f.open.id !== ignore ? f.open : null,
        now,
      });
    });
  }

  async eligibility(userId: string, accountId?: string): Promise<EligibilityResponse> {
    const accounts = await payoutsRepository.fundedAccounts(this.db, userId, accountId);
    if (accountId && !accounts.length) throw notFound('funded account');
    const [list, turnaround] = await Promise.all([
      this.eligibilities(this.db, accounts),
      payoutsRepository.turnaround(this.db),
    ]);
    return { accounts: list, turnaround };
  }

  // ---------------------------------------------------------------- member

  async request(
    actor: Principal,
    input: { accountId: string; amountCents: number; destination: PayoutDestination },
    locale: MailLocale,
  ) {
    const ctx = await payoutsRepository.requestContext(this.db, input.accountId);
    // Someone else's account is as unknown as one that does not exist.
    if (!ctx || ctx.userId !== actor.userId) throw notFound('account');
    const account = ctx.facts.account;
    if (account.phaseKind !== 'funded' || account.status !== 'active') {
      throw new AppError(
        'PAYOUT_ACCOUNT_NOT_FUNDED',
        409,
        `Payouts are made from funded, active accounts; account ${account.login} is ${account.phaseKind === 'funded' ? account.status : 'in evaluation'}`,
      );
    }
    const e = eligibilityOf({ ...ctx.facts, now: this.deps.clock.now() });
    const check = (key: string) => e.checks.find((c) => c.key === key)!;
    if (!check('no_open_request').ok) {
      throw new AppError('PAYOUT_OPEN_REQUEST_EXISTS', 409, 'This account already has an open payout request');
    }
    if (input.amountCents > e.availableCents) {
      throw new AppError(
        'PAYOUT_ABOVE_AVAILABLE',
        400,
        `The amount is above the available ${formatMoney('en', account.currency, e.availableCents)}`,
      );
    }
    if (input.amountCents < e.minimumCents) {
      throw new AppError(
        'PAYOUT_BELOW_MINIMUM',
        400,
        `The amount is below the minimum payout of ${formatMoney('en', account.currency, e.minimumCents)}`,
      );
    }
    if (!e.eligible) throw new AppError('PAYOUT_NOT_ELIGIBLE', 409, `Not eligible yet: ${describeFailures(e)}`);

    const now = this.deps.clock.now();
    const values = {
      accountId: account.id,
      userId: actor.userId,
      amountCents: input.amountCents,
      grossCents: grossFor(input.amountCents, e.profitCents, e.splitBps),
      splitBps: e.splitBps,
      currency: account.currency,
      method: input.destination.method,
      destination: input.destination,
      locale,
      requestedAt: now,
    };
    const mail = payoutMailFor(
      this.deps.publicUrl,
      { ...values, rejectionReason: null, transferReference: null },
      account.login,
      'received',
      ctx.recipient,
    );
    const created = await payoutsRepository.insertRequest(this.db, values, mail);
    // Another request for the account landed first: the partial unique index refused this one.
    if (!created)
      throw new AppError('PAYOUT_OPEN_REQUEST_EXISTS', 409, 'This account already has an open payout request');
    this.deliverSoon();
    // The answer from what is known: the new row, its account's login and the member's contact.
    const { email, firstName, lastName } = ctx.recipient;
    return {
      payout: toPayoutDto({
        ...created,
        accountLogin: account.login,
        userEmail: email,
        userFirstName: firstName,
        userLastName: lastName,
        reviewerEmail: null,
        certificateCode: null,
      }),
    };
  }

  async cancel(actor: Principal, id: string) {
    const now = this.deps.clock.now();
    const row = await payoutsRepository.transition(
      this.db,
      id,
      ['requested'],
      { status: 'cancelled', cancelledAt: now, updatedAt: now },
      actor.userId,
    );
    if (!row) {
      const current = await payoutsRepository.find(this.db, id);
      if (!current || current.userId !== actor.userId) throw notFound('payout');
      throw wrongState(current, 'cancelled', ['requested']);
    }
    return this.view(row.id);
  }

  async listMine(userId: string, q: PayoutListParams & { accountId?: string }) {
    const { rows, total } = await payoutsRepository.listMine(this.db, userId, q);
    const withdrawn = await reportedWithdrawals(
      this.db,
      rows.filter((r) => r.status === 'approved'),
    );
    const items = rows.map((r) => ({ ...toPayoutDto(r), withdrawnAt: withdrawn.get(r.id)?.at.toISOString() ?? null }));
    return { items, total, page: q.page, pageSize: q.pageSize };
  }

  // ---------------------------------------------------------------- staff

  async adminList(q: PayoutListParams) {
    const { rows, total } = await payoutsRepository.listAdmin(this.db, q);
    return { items: rows.map(toAdminPayoutDto), total, page: q.page, pageSize: q.pageSize };
  }

  async adminDetail(id: string) {
    const p = await payoutsRepository.findView(this.db, id);
    if (!p) throw notFound('payout');
    const account = (await payoutsRepository.account(this.db, p.accountId))!;
    const [[eligibility], history, verdictReviews, newsViolations, withdrawal] = await Promise.all([
      // As of now, and as approval would see it: this request itself is not "another open request".
      this.eligibilities(this.db, [account], p.id),
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
      const [e] = await this.eligibilities(tx, [account], before.id);
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
        this.deliverSoon();
        return { payout: toAdminPayoutDto((await payoutsRepository.findView(this.db, after.id))!) };
      } catch (err) {
        if (attempt < MAX_ATTEMPTS && isRetryable(err)) continue;
        throw err;
      }
    }
  }

  /** Queues the member's mail about `p`; `known` saves reading their contact when the caller has it. */
  private async mail(tx: Tx, p: PayoutRow, login: string, kind: PayoutMailKind, known?: MailRecipient) {
    const mail = payoutMailFor(this.deps.publicUrl, p, login, kind, known ?? (await this.recipient(tx, p.userId)));
    if (mail) await this.deps.outbox.enqueue(tx, mail);
  }

  private async recipient(tx: Tx, userId: string): Promise<MailRecipient | undefined> {
    const user = await payoutsRepository.userContact(tx, userId);
    return user && { ...user, wantsPayoutMails: (await mailPreferencesOf(tx, userId)).wants('payouts') };
  }

  private async view(id: string) {
    return { payout: toPayoutDto((await payoutsRepository.findView(this.db, id))!) };
  }
}

const VERB: Record<string, string> = {
  approved: 'approve',
  rejected: 'reject',
  paid: 'mark paid',
  cancelled: 'cancel',
};

function wrongState(current: PayoutRow, to: string, from: readonly string[]): AppError {
  return new AppError(
    'PAYOUT_WRONG_STATE',
    409,
    `The payout is ${current.status}: only a ${from.join(' or ')} payout can be ${to === 'paid' ? 'marked paid' : to} (cannot ${VERB[to] ?? to})`,
  );
}
