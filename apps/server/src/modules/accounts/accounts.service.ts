import type { z } from 'zod';
import type { equityQuerySchema, TradingAccount, tradesCsvQuerySchema, tradesQuerySchema } from '@app/contracts';
import { isTimeInRange } from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { computeMetrics, settleDue } from '../../engine/index.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Principal } from '../../plugins/access.ts';
import type { Scope } from '../../plugins/scoped-reads.ts';
import { recordAudit } from '../audit/index.ts';
import type { CertificatesService } from '../certificates/index.ts';
import type { ChallengesService } from '../challenges/index.ts';
import type { OutboxService } from '../mail/index.ts';
import type { UsersService } from '../users/index.ts';
import type { AccountLive } from './account-live.ts';
import { breachOf, rulesOf, stateOf, type AccountRow } from './account-row.ts';
import { toAccountDto, toBreachDto, toDailyDto, toOverviewDto, toTradeDto } from './accounts.dto.ts';
import { accountsRepository, type AccountWithNames } from './accounts.repository.ts';
import { breachEvidenceOf } from './breach-evidence.ts';
import { queueCredentialsMail } from './credentials-mail.ts';
import { equityHoursRepository } from './equity-hours.repository.ts';
import { isOpen, settleAccount } from './evaluation.ts';
import { onPhasePassed, provisionAccount } from './provisioning.ts';
import { tradesCsv } from './trades-csv.ts';
import { newsViolationsOf, type HighImpactEvents } from './news-violations.ts';

type TradesQuery = z.output<typeof tradesQuerySchema>;
type EquityQuery = z.output<typeof equityQuerySchema>;
type TradesCsvQuery = z.output<typeof tradesCsvQuerySchema>;

function encodeCursor(time: Date, id: number): string {
  return Buffer.from(`${time.getTime()}:${id}`).toString('base64url');
}

/**
 * `<ms>:<seq>` as encodeCursor wrote it: the time a Date within the API's range (1970–2200) and the
 * sequence a positive safe integer; anything else is a 400, never a query with an invalid date.
 */
function decodeCursor(cursor: string): { time: Date; id: number } {
  const match = /^(\d{1,16}):(\d{1,16})$/.exec(Buffer.from(cursor, 'base64url').toString());
  const time = Number(match?.[1]);
  const id = Number(match?.[2]);
  if (!match || !isTimeInRange(time) || !Number.isSafeInteger(id) || id < 1) {
    throw new AppError('VALIDATION_ERROR', 400, 'cursor: not a cursor this API returned');
  }
  return { time: new Date(time), id };
}

export interface AccountsDeps {
  db: Db;
  clock: Clock;
  /** How long the clock's verdicts wait after their instant (VERDICT_GRACE_MINUTES). */
  graceMs: number;
  /** The trading-day time zone new accounts are created with. */
  tz: string;
  users: UsersService;
  challenges: ChallengesService;
  certificates: CertificatesService;
  /** Live updates: changes are published after their commit. */
  live: AccountLive;
  /** The calendar's high-impact events (the restricted-news rule's input). */
  highImpactEvents: HighImpactEvents;
  /** Mails the login details of an account staff assign (queued in the assignment's transaction). */
  outbox: OutboxService;
  /** Where the mail's link to the member's accounts points. */
  publicUrl: string;
}

export class AccountsService {
  private readonly db: Db;
  private readonly clock: Clock;

  constructor(private readonly deps: AccountsDeps) {
    this.db = deps.db;
    this.clock = deps.clock;
  }

  /** How long after a boundary (midnight, the deadline) the clock waits for late events to judge it. */
  get verdictGraceMs(): number {
    return this.deps.graceMs;
  }

  /** Staff give a user a challenge account for a phase (0 = phase 1). */
  async createForUser(actor: Principal | null, input: { email: string; challengeId: string; phase: number }) {
    const user = await this.deps.users.findByEmail(input.email);
    if (!user || user.deletedAt) throw notFound('user');
    const now = this.clock.now();
    const id = await this.db.transaction(async (tx) => {
      const challenge = await this.deps.challenges.programOf(tx, input.challengeId);
      if (!challenge) throw notFound('challenge');
      if (challenge.status !== 'active') throw fieldError('CONFLICT', 409, 'challengeId', 'The challenge is archived');
      const { program } = challenge;
      if (input.phase >= program.length) {
        throw new AppError('VALIDATION_ERROR', 400, `phase: this challenge has phases 0 to ${program.length - 1}`);
      }
      const row = await provisionAccount(tx, {
        userId: user.id,
        challengeId: challenge.id,
        program,
        phaseIndex: input.phase,
        platform: challenge.platform,
        currency: challenge.currency,
        initialBalanceCents: challenge.accountSizeCents,
        tz: this.deps.tz,
        previousAccountId: null,
        at: now,
      });
      // The login details are how the member receives the account: mailed whatever their mail settings.
      await queueCredentialsMail(this.deps.outbox, tx, {
        user,
        challengeName: challenge.name,
        account: row!,
        publicUrl: this.deps.publicUrl,
      });
      const { platformPassword: _hidden, state: _state, ...audited } = row!;
      await recordAudit(tx, {
        actorId: actor?.userId ?? null,
        action: 'account.create',
        targetType: 'trading_account',
        targetId: row!.id,
        after: audited,
        at: now,
      });
      return row!.id;
    });
    return toAccountDto((await accountsRepository.findById(this.db, id))!);
  }

  /** Staff read a user's accounts: the user must exist. */
  async staffScope(userId: string): Promise<Scope> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw notFound('user');
    return { userId };
  }

  /** Staff: every account, newest first (the simulator and the admin area use it). */
  async listAll(opts: { status?: TradingAccount['status']; limit: number; offset: number }) {
    return (await accountsRepository.listAll(this.db, opts)).map(toAccountDto);
  }

  /** Staff close an open account: a final status; later events still update its figures. */
  async close(actor: Principal, id: string, reason: string) {
    const now = this.clock.now();
    let closed: AccountRow | undefined;
    await this.db.transaction(async (tx) => {
      const row = await accountsRepository.lockById(tx, id);
      if (!row) throw notFound('trading account');
      if (!isOpen(row)) throw fieldError('CONFLICT', 409, 'status', `The account is already ${row.status}`);
      await accountsRepository.update(tx, id, { status: 'closed', closedReason: reason, endedAt: now, updatedAt: now });
      closed = { ...row, status: 'closed' };
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'account.close',
        targetType: 'trading_account',
        targetId: id,
        before: { status: row.status },
        after: { status: 'closed', reason },
        at: now,
      });
    });
    if (closed) this.deps.live.publish([closed]);
    return toAccountDto((await accountsRepository.findById(this.db, id))!);
  }

  /**
   * The phase-1 account a paid order buys, inside the transaction that marks it paid. The unique
   * `trading_accounts.order_id` makes it exactly once: undefined when the order already has one.
   * Publish the row with publishChanges after the commit.
   */
  async provisionForOrder(
    tx: Tx,
    p: { userId: string; challengeId: string; orderId: string; at: Date },
  ): Promise<AccountRow | undefined> {
    // Archived since the order was placed or not: what was bought is delivered.
    const challenge = await this.deps.challenges.programOf(tx, p.challengeId);
    if (!challenge) throw notFound('challenge');
    return provisionAccount(tx, {
      userId: p.userId,
      challengeId: challenge.id,
      program: challenge.program,
      phaseIndex: 0,
      platform: challenge.platform,
      currency: challenge.currency,
      initialBalanceCents: challenge.accountSizeCents,
      tz: this.deps.tz,
      previousAccountId: null,
      orderId: p.orderId,
      at: p.at,
    });
  }

  /**
   * A refunded order's evaluation is closed (reason `refunded`) in the refund's transaction: the
   * account it provisioned or, once that phase was passed, the later phase's account it led to.
   * A funded account, or one already final (passed, failed, closed), keeps its outcome. Returns the
   * closed row, or undefined when nothing was closed.
   */
  async closeForRefund(
    tx: Tx,
    p: { orderId: string; actorId: string | null; at: Date },
  ): Promise<AccountRow | undefined> {
    const chain = await accountsRepository.lockChainOfOrder(tx, p.orderId);
    // At most one account of a chain is open: each phase opens when the one before it is passed.
    const row = chain.find(isOpen);
    if (!row || row.phaseKind === 'funded') return undefined;
    await accountsRepository.update(tx, row.id, {
      status: 'closed',
      closedReason: 'refunded',
      endedAt: p.at,
      updatedAt: p.at,
    });
    await recordAudit(tx, {
      actorId: p.actorId,
      action: 'account.close',
      targetType: 'trading_account',
      targetId: row.id,
      before: { status: row.status },
      after: { status: 'closed', reason: 'refunded', orderId: p.orderId },
      at: p.at,
    });
    return { ...row, status: 'closed', closedReason: 'refunded', endedAt: p.at, updatedAt: p.at };
  }

  /** Every account an order led to, oldest first (see `closeForRefund`), for the orders desk. */
  chainOfOrder(orderId: string): Promise<AccountRow[]> {
    return accountsRepository.chainOfOrder(this.db, orderId);
  }

  /** The live-update hub (GET /api/accounts/stream). */
  get live(): AccountLive {
    return this.deps.live;
  }

  /** After a commit that changed these accounts: their owners' open streams hear of it. */
  publishChanges(rows: Iterable<AccountRow>): void {
    this.deps.live.publish(rows);
  }

  /**
   * A passed evaluation phase, inside the transaction that recorded the pass: its certificates and
   * the next phase's pending account (the ingestion path calls it).
   */
  onPhasePassed(tx: Tx, account: AccountRow, at: Date): Promise<AccountRow | undefined> {
    return onPhasePassed(this.deps.certificates, tx, account, at);
  }

  async list(scope: Scope) {
    const rows = await accountsRepository.listByUser(this.db, scope.userId);
    const refreshed = await Promise.all(rows.map((r) => this.withTimeLimit(r)));
    return refreshed.map(toAccountDto);
  }

  async get(scope: Scope, id: string) {
    return toAccountDto(await this.load(scope, id));
  }

  /** Overview from the stored running aggregates only (no scan of trades). */
  async overview(scope: Scope, id: string) {
    const a = await this.load(scope, id);
    const rules = rulesOf(a);
    const metrics = computeMetrics(stateOf(a), rules, this.clock.now().getTime(), a.tradingDayTz);
    return toOverviewDto(a, rules, metrics);
  }

  async trades(scope: Scope, id: string, q: TradesQuery) {
    const a = await this.load(scope, id, { timeLimit: false });
    const rows = await accountsRepository.tradesPage(this.db, {
      accountId: a.id,
      limit: q.limit + 1,
      cursor: q.cursor ? decodeCursor(q.cursor) : undefined,
      symbol: q.symbol,
      side: q.side,
      from: q.from ? new Date(q.from) : undefined,
      to: q.to ? new Date(q.to) : undefined,
    });
    const page = rows.slice(0, q.limit);
    const last = page[page.length - 1];
    return {
      trades: page.map(toTradeDto),
      nextCursor: rows.length > q.limit && last ? encodeCursor(last.time, last.seq) : null,
      currency: a.currency,
    };
  }

  async equity(scope: Scope, id: string, q: EquityQuery) {
    const a = await this.load(scope, id, { timeLimit: false });
    const from = q.from ? new Date(q.from) : null;
    const to = q.to ? new Date(q.to) : null;
    if (from && to && from > to) throw new AppError('VALIDATION_ERROR', 400, 'from: must not be after to');
    const { points, total } = await equityHoursRepository.series(this.db, a, from, to, q.points);
    return {
      points: points.map((p) => ({ ...p, time: p.time.toISOString() })),
      currency: a.currency,
      downsampled: total > points.length,
    };
  }

  /**
   * The filtered journal as CSV (all of it, newest first), for a download: the file name and the
   * text, produced chunk by chunk as it is read. Someone else's account is a 404 before anything is sent.
   */
  async tradesCsv(scope: Scope, id: string, q: TradesCsvQuery) {
    const a = await this.load(scope, id, { timeLimit: false });
    const body = tradesCsv(
      this.db,
      {
        accountId: a.id,
        symbol: q.symbol,
        side: q.side,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
      },
      a.currency,
    );
    return { filename: `trades-${a.login}.csv`, body };
  }

  /** The breach report with its evidence: the equity path of the hours before it. */
  async breachReport(scope: Scope, id: string) {
    const a = await this.load(scope, id, { timeLimit: false });
    const path = a.breach ? await breachEvidenceOf(this.db, a.id) : [];
    return {
      breach: toBreachDto(breachOf(a)),
      equityPath: path.map((p) => ({
        time: new Date(p.t).toISOString(),
        balanceCents: p.balanceCents,
        equityCents: p.equityCents,
      })),
      currency: a.currency,
      timeZone: a.tradingDayTz,
    };
  }

  async daily(scope: Scope, id: string) {
    const a = await this.load(scope, id, { timeLimit: false });
    const days = await accountsRepository.daily(this.db, a.id);
    return { days: days.map(toDailyDto), currency: a.currency, timeZone: a.tradingDayTz };
  }

  /** Someone else's account answers 404, exactly like a missing one. */
  /** Restricted-news violations, computed on read from the trades and the calendar (decision 021). */
  async newsViolations(scope: Scope, id: string) {
    return newsViolationsOf(this.db, this.deps.highImpactEvents, await this.load(scope, id, { timeLimit: false }));
  }

  /** The same for staff reviewing a payout of the account. */
  async newsViolationsOfAccount(id: string) {
    const a = await accountsRepository.findById(this.db, id);
    if (!a) throw notFound('trading account');
    return newsViolationsOf(this.db, this.deps.highImpactEvents, a);
  }

  private async load(scope: Scope, id: string, opts: { timeLimit?: boolean } = {}): Promise<AccountWithNames> {
    const a = await accountsRepository.findById(this.db, id);
    if (!a || a.userId !== scope.userId) throw notFound('trading account');
    return opts.timeLimit === false ? a : this.withTimeLimit(a);
  }

  /** The clock's verdicts (day roll, time limit) are also taken whenever an account is read. */
  private async withTimeLimit(a: AccountWithNames): Promise<AccountWithNames> {
    const now = this.clock.now();
    const until = now.getTime() - this.deps.graceMs;
    if (!isOpen(a) || !settleDue(stateOf(a), until)) return a;
    await settleAccount(this.db, a.id, now, this.deps.graceMs, this.deps.live);
    return (await accountsRepository.findById(this.db, a.id)) ?? a;
  }
}
