import { grossFor } from '@app/contracts/payout-shares';
import type { EligibilityResponse, PayoutDestination, PayoutListParams } from '@app/contracts/payouts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { formatMoney } from '../../lib/mail-locale.ts';
import type { MailLocale } from '../../lib/mail-render.ts';
import type { Principal } from '../../plugins/access.ts';
import { describeFailures, eligibilityOf } from './eligibility.ts';
import { DeliveryCoalescer, eligibilitiesOf, wrongState, type PayoutsDeps } from './payout-common.ts';
import { payoutMailFor } from './payout-mails.ts';
import { reportedWithdrawals } from './paying.ts';
import { toPayoutDto } from './payouts.dto.ts';
import { payoutsRepository } from './payouts.repository.ts';

/** A member's side of payouts: eligibility, their payouts, request and cancel. */
export class PayoutsService {
  private readonly delivery: DeliveryCoalescer;

  constructor(private readonly deps: PayoutsDeps) {
    this.delivery = new DeliveryCoalescer(deps.outbox);
  }

  private get db() {
    return this.deps.db;
  }

  async eligibility(userId: string, accountId?: string): Promise<EligibilityResponse> {
    const accounts = await payoutsRepository.fundedAccounts(this.db, userId, accountId);
    if (accountId && !accounts.length) throw notFound('funded account');
    const [list, turnaround] = await Promise.all([
      eligibilitiesOf(this.db, this.deps.clock, accounts),
      payoutsRepository.turnaround(this.db),
    ]);
    return { accounts: list, turnaround };
  }

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
    this.delivery.soon();
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

  private async view(id: string) {
    return { payout: toPayoutDto((await payoutsRepository.findView(this.db, id))!) };
  }
}
