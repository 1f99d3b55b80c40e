import type { AccountEligibility } from '@app/contracts/payouts';
import type { Db, Tx } from '../../db/client.ts';
import { positionsOpen } from '../../engine/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { rulesOf, stateOf, type AccountsService } from '../accounts/index.ts';
import type { CertificatesService } from '../certificates/index.ts';
import type { IngestionService } from '../ingestion/index.ts';
import type { OutboxService } from '../mail/index.ts';
import { eligibilityOf } from './eligibility.ts';
import { payoutsRepository, type AccountRecord, type PayoutRow } from './payouts.repository.ts';

/** What the member's side and the staff desk are built from. */
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

/**
 * Asks for a mail delivery run shortly after a commit, one for every burst of requests: queueing
 * a job per request cost more than the request itself on the embedded database.
 */
export class DeliveryCoalescer {
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly outbox: OutboxService) {}

  soon(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.outbox.notify();
    }, DELIVERY_COALESCE_MS);
    this.timer.unref();
  }
}

/**
 * The accounts' payout eligibility as of now. `ignore` is a payout that is not "another open
 * request": the one being approved.
 */
export async function eligibilitiesOf(
  db: Db | Tx,
  clock: Clock,
  accounts: AccountRecord[],
  ignore?: string,
): Promise<AccountEligibility[]> {
  const facts = await payoutsRepository.facts(
    db,
    accounts.map((a) => a.id),
  );
  const now = clock.now();
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
        openPositions: positionsOpen(stateOf(a)),
        rules: rulesOf(a),
      },
      firstTradeAt: f.firstTradeAt,
      lastPaidAt: f.lastPaidAt,
      open: f.open && f.open.id !== ignore ? f.open : null,
      now,
    });
  });
}

const VERB: Record<string, string> = {
  approved: 'approve',
  rejected: 'reject',
  paid: 'mark paid',
  cancelled: 'cancel',
};

/** 409 naming the state the payout is in, when a change expected it in one of `from`. */
export function wrongState(current: PayoutRow, to: string, from: readonly string[]): AppError {
  return new AppError(
    'PAYOUT_WRONG_STATE',
    409,
    `The payout is ${current.status}: only a ${from.join(' or ')} payout can be ${to === 'paid' ? 'marked paid' : to} (cannot ${VERB[to] ?? to})`,
  );
}
