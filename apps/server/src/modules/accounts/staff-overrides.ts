// Staff overrides of the rule engine's verdicts (ADMIN, each with a reason, audit-logged): reinstate
// a failed account, extend a time limit, reset to a fresh account of the same phase. The audit
// entries keep what was overridden (a reinstated account's breach stays in its history).
import type { Db, Tx } from '../../db/client.ts';
import { deadlineOf, type AccountState, type PhaseRules } from '../../engine/index.ts';
import { fieldError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Principal } from '../../plugins/access.ts';
import { recordAudit } from '../audit/index.ts';
import type { ChallengesService } from '../challenges/index.ts';
import type { OutboxService } from '../mail/index.ts';
import type { UsersService } from '../users/index.ts';
import type { AccountLive } from './account-live.ts';
import { breachOf, rulesOf, stateOf, type AccountRow } from './account-row.ts';
import { accountsRepository, type AccountWithNames } from './accounts.repository.ts';
import { queueCredentialsMail } from './credentials-mail.ts';
import { isOpen } from './evaluation.ts';
import { provisionAccount } from './provisioning.ts';

export interface StaffOverridesDeps {
  db: Db;
  clock: Clock;
  users: UsersService;
  challenges: ChallengesService;
  live: AccountLive;
  outbox: OutboxService;
  publicUrl: string;
}

/** A refusal because of where the account stands: `fields` names what stands in the way. */
const conflict = (field: string, message: string) => fieldError('CONFLICT', 409, field, message);

/**
 * The rules with `days` more on the time limit, and the deadline they give the account's state.
 * `field` is the request's days field, named in the refusal when there is no limit to extend.
 */
function extended(
  row: AccountRow,
  days: number,
  field: 'days' | 'extendDays',
): { rules: PhaseRules; deadlineAt: number | null } {
  const rules = rulesOf(row);
  if (rules.maxDays === null) throw conflict(field, 'The account has no time limit');
  const longer = { ...rules, maxDays: rules.maxDays + days };
  return { rules: longer, deadlineAt: deadlineOf(stateOf(row), longer, row.tradingDayTz) };
}

/**
 * The state with its new deadline. The figures kept from the moment the old deadline passed are
 * dropped: the time-limit verdict reports the figures at the deadline that fails it, so a
 * reinstated or extended account is judged at its new one (kept again by the first event past it).
 */
const withDeadline = (state: AccountState, deadlineAt: number | null): AccountState => ({
  ...state,
  deadlineAt,
  atDeadline: null,
});

export class StaffOverrides {
  constructor(private readonly deps: StaffOverridesDeps) {}

  /**
   * A failed account trades again from where it stands. A time-limit failure also needs more days
   * (`extendDays`), or the clock would fail it again at once.
   */
  async reinstate(
    actor: Principal,
    id: string,
    input: { reason: string; extendDays?: number },
  ): Promise<AccountWithNames> {
    return this.write(id, async (tx, row, now) => {
      if (row.status !== 'failed')
        throw conflict('status', `Only a failed account can be reinstated; this one is ${row.status}`);
      const breach = breachOf(row);
      const timeLimit = breach?.rule === 'time_limit';
      if (timeLimit && !input.extendDays)
        throw fieldError(
          'VALIDATION_ERROR',
          400,
          'extendDays',
          'a time-limit failure needs more days to be reinstated',
        );
      const more = input.extendDays ? extended(row, input.extendDays, 'extendDays') : undefined;
      const state: AccountState = {
        ...(more ? withDeadline(stateOf(row), more.deadlineAt) : stateOf(row)),
        status: 'active',
        breach: null,
      };
      await accountsRepository.update(tx, id, {
        status: 'active',
        breach: null,
        state,
        endedAt: null,
        // A replay of the history (a late event) forgives the failure up to what staff saw, or it
        // would find the old breach again and fail the account silently.
        reinstatedThrough: state.lastEventTime === null ? null : new Date(state.lastEventTime),
        // The clock's midnight checks take the account again.
        nextResetAt: state.nextResetAt === null ? null : new Date(state.nextResetAt),
        ...(more ? { rules: more.rules, deadlineAt: more.deadlineAt === null ? null : new Date(more.deadlineAt) } : {}),
        updatedAt: now,
      });
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'account.reinstate',
        targetType: 'trading_account',
        targetId: id,
        before: { status: row.status, breach },
        after: { status: 'active', reason: input.reason, ...(more ? { maxDays: more.rules.maxDays } : {}) },
        at: now,
      });
    });
  }

  /** More days before an open account's time limit. */
  async extend(actor: Principal, id: string, input: { reason: string; days: number }): Promise<AccountWithNames> {
    return this.write(id, async (tx, row, now) => {
      if (!isOpen(row))
        throw conflict('status', `Only an open account's time limit can be extended; this one is ${row.status}`);
      const before = rulesOf(row).maxDays;
      const more = extended(row, input.days, 'days');
      await accountsRepository.update(tx, id, {
        rules: more.rules,
        state: withDeadline(stateOf(row), more.deadlineAt),
        deadlineAt: more.deadlineAt === null ? null : new Date(more.deadlineAt),
        updatedAt: now,
      });
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'account.extend',
        targetType: 'trading_account',
        targetId: id,
        before: { maxDays: before, deadlineAt: row.deadlineAt?.toISOString() ?? null },
        after: {
          maxDays: more.rules.maxDays,
          deadlineAt: more.deadlineAt === null ? null : new Date(more.deadlineAt).toISOString(),
          reason: input.reason,
        },
        at: now,
      });
    });
  }

  /**
   * A fresh account of the same phase: new login, the rules the old one copied, the owner mailed
   * its login details. An old account still open is closed ("reset"); its record stays, and the
   * fresh one names it (`replacesAccountId`), so a refund of the order reaches the fresh one. A
   * passed account is not reset (its next phase is open), nor one already replaced.
   */
  async reset(
    actor: Principal,
    id: string,
    input: { reason: string },
  ): Promise<{ account: AccountWithNames; previous: AccountWithNames }> {
    // The owner is read before the transaction: the users module reads outside it.
    const current = await accountsRepository.findById(this.deps.db, id);
    if (!current) throw notFound('trading account');
    const user = await this.deps.users.findById(current.userId);
    if (!user) throw notFound('user');
    if (user.deletedAt) throw conflict('userId', 'The owner was anonymised: no fresh account is opened for them');
    let freshId = '';
    const previous = await this.write(id, async (tx, row, now) => {
      if (row.status === 'passed')
        throw conflict('status', 'A passed account is not reset: its next phase was opened when it passed');
      const replacement = await accountsRepository.replacementOf(tx, id);
      if (replacement)
        throw conflict('replacedById', `The account was reset already: reset account ${replacement.login} instead`);
      const challenge = await this.deps.challenges.programOf(tx, row.challengeId);
      if (!challenge) throw conflict('challengeId', 'The account’s challenge no longer exists');
      if (isOpen(row))
        await accountsRepository.update(tx, id, {
          status: 'closed',
          closedReason: 'reset',
          endedAt: now,
          updatedAt: now,
        });
      const fresh = await provisionAccount(tx, {
        userId: row.userId,
        challengeId: row.challengeId,
        program: row.program as PhaseRules[],
        phaseIndex: row.phaseIndex,
        platform: row.platform,
        currency: row.currency,
        initialBalanceCents: row.initialBalanceCents,
        tz: row.tradingDayTz,
        previousAccountId: null,
        replacesAccountId: row.id,
        at: now,
      });
      await queueCredentialsMail(this.deps.outbox, tx, {
        user,
        challengeName: challenge.name,
        account: fresh!,
        publicUrl: this.deps.publicUrl,
      });
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'account.reset',
        targetType: 'trading_account',
        targetId: id,
        before: { status: row.status },
        after: { status: isOpen(row) ? 'closed' : row.status, newAccountId: fresh!.id, reason: input.reason },
        at: now,
      });
      freshId = fresh!.id;
    });
    const account = (await accountsRepository.findById(this.deps.db, freshId))!;
    this.deps.live.publish([account]);
    return { account, previous };
  }

  /** Runs one override on the locked row; publishes the change after the commit. */
  private async write(
    id: string,
    change: (tx: Tx, row: AccountRow, now: Date) => Promise<void>,
  ): Promise<AccountWithNames> {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const row = await accountsRepository.lockById(tx, id);
      if (!row) throw notFound('trading account');
      await change(tx, row, now);
    });
    const after = (await accountsRepository.findById(this.deps.db, id))!;
    this.deps.live.publish([after]);
    return after;
  }
}
