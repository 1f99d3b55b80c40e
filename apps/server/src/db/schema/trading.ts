import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  json,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './commerce.ts';
import { users } from './users.ts';

const cents = (name: string) => bigint(name, { mode: 'number' });
const tstz = (name: string) => timestamp(name, { withTimezone: true });

/** Products sold: a starting balance and an ordered list of phases. */
export const challenges = pgTable(
  'challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull().default(''),
    accountSizeCents: cents('account_size_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    priceCents: cents('price_cents').notNull(),
    status: text('status', { enum: ['active', 'archived'] })
      .notNull()
      .default('active'),
    platform: text('platform').notNull().default('demo'),
    leverage: integer('leverage').notNull().default(100),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('challenges_status_valid', sql`${t.status} in ('active', 'archived')`),
    check('challenges_size_positive', sql`${t.accountSizeCents} > 0`),
    check('challenges_price_nonneg', sql`${t.priceCents} >= 0`),
    check('challenges_currency_iso', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('challenges_leverage_positive', sql`${t.leverage} > 0`),
    check('challenges_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

/** One phase of a challenge; percentages in basis points (1 % = 100). */
export const challengePhases = pgTable(
  'challenge_phases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challengeId: uuid('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: ['evaluation', 'funded'] }).notNull(),
    profitTargetBps: integer('profit_target_bps'),
    maxDailyLossBps: integer('max_daily_loss_bps').notNull(),
    maxLossBps: integer('max_loss_bps').notNull(),
    drawdownType: text('drawdown_type', { enum: ['static', 'eod_trailing'] })
      .notNull()
      .default('static'),
    dailyLossBase: text('daily_loss_base', { enum: ['balance', 'max_balance_equity'] })
      .notNull()
      .default('balance'),
    minTradingDays: integer('min_trading_days').notNull().default(0),
    maxDays: integer('max_days'),
    profitSplitBps: integer('profit_split_bps'),
    minPayoutCents: cents('min_payout_cents'),
    payoutIntervalDays: integer('payout_interval_days'),
    /** The restricted-news window of a funded phase, in minutes (both null = off; migration 0017). */
    restrictedNewsMinutesBefore: integer('restricted_news_minutes_before'),
    restrictedNewsMinutesAfter: integer('restricted_news_minutes_after'),
  },
  (t) => [
    uniqueIndex('challenge_phases_position_uq').on(t.challengeId, t.position),
    check('challenge_phases_kind_valid', sql`${t.kind} in ('evaluation', 'funded')`),
    check('challenge_phases_position_nonneg', sql`${t.position} >= 0`),
    check('challenge_phases_target', sql`${t.profitTargetBps} is null or ${t.profitTargetBps} between 1 and 100000`),
    check('challenge_phases_daily', sql`${t.maxDailyLossBps} between 1 and 10000`),
    check('challenge_phases_max', sql`${t.maxLossBps} between 1 and 10000`),
    check('challenge_phases_drawdown_valid', sql`${t.drawdownType} in ('static', 'eod_trailing')`),
    check('challenge_phases_base_valid', sql`${t.dailyLossBase} in ('balance', 'max_balance_equity')`),
    check('challenge_phases_min_days', sql`${t.minTradingDays} >= 0`),
    check('challenge_phases_max_days', sql`${t.maxDays} is null or ${t.maxDays} > 0`),
    check('challenge_phases_split', sql`${t.profitSplitBps} is null or ${t.profitSplitBps} between 0 and 10000`),
    check('challenge_phases_min_payout', sql`${t.minPayoutCents} is null or ${t.minPayoutCents} >= 0`),
    check('challenge_phases_interval', sql`${t.payoutIntervalDays} is null or ${t.payoutIntervalDays} > 0`),
    check(
      'challenge_phases_evaluation_target',
      sql`(${t.kind} = 'evaluation' and ${t.profitTargetBps} is not null) or (${t.kind} = 'funded' and ${t.profitTargetBps} is null)`,
    ),
  ],
);

/** Platform logins come from a sequence: unique, short, quotable. */
export const tradingLoginSeq = pgSequence('trading_login_seq', { startWith: 50000001 });

export const ACCOUNT_STATUSES = ['pending', 'active', 'passed', 'failed', 'closed'] as const;

/** A trading account: one phase of one challenge for one user, with the rules it started with. */
export const tradingAccounts = pgTable(
  'trading_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    challengeId: uuid('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'restrict' }),
    phaseIndex: integer('phase_index').notNull(),
    phaseCount: integer('phase_count').notNull(),
    phaseKind: text('phase_kind', { enum: ['evaluation', 'funded'] }).notNull(),
    platform: text('platform').notNull(),
    login: text('login').notNull().unique(),
    server: text('server').notNull(),
    /** The platform password, shown to the owner (the platform needs it in clear). */
    platformPassword: text('platform_password').notNull(),
    currency: text('currency').notNull(),
    initialBalanceCents: cents('initial_balance_cents').notNull(),
    balanceCents: cents('balance_cents').notNull(),
    equityCents: cents('equity_cents').notNull(),
    status: text('status', { enum: ACCOUNT_STATUSES }).notNull().default('pending'),
    /** PhaseRules copied at creation; editing the challenge never changes it. */
    rules: json('rules').notNull(),
    /** Every phase of the challenge as bought: the next phase's account starts from this copy. */
    program: json('program').notNull(),
    /** The rule engine's AccountState (running aggregates). */
    state: json('state').notNull(),
    breach: jsonb('breach'),
    tradingDayTz: text('trading_day_tz').notNull(),
    lastEventAt: tstz('last_event_at'),
    eventCount: integer('event_count').notNull().default(0),
    /** Time-limit deadline from the engine; the scheduled job looks for open accounts past it. */
    deadlineAt: tstz('deadline_at'),
    /** The engine's next trading-day boundary; the day-roll job checks active accounts at it. */
    nextResetAt: tstz('next_reset_at'),
    startedAt: tstz('started_at'),
    endedAt: tstz('ended_at'),
    passedAt: tstz('passed_at'),
    closedReason: text('closed_reason'),
    /**
     * Set by a staff reinstatement: the last event time seen then. A replay of the history forgives
     * a failure up to it and judges only what follows (engine replay's reinstatedThrough).
     */
    reinstatedThrough: tstz('reinstated_through'),
    previousAccountId: uuid('previous_account_id'),
    /** The account a staff reset replaced with this one (same phase, fresh login). */
    replacesAccountId: uuid('replaces_account_id'),
    /** The paid order that provisioned this (phase-1) account; unique: one order, one account. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('trading_accounts_user_idx').on(t.userId, t.createdAt),
    index('trading_accounts_challenge_idx').on(t.challengeId),
    index('trading_accounts_deadline_idx')
      .on(t.deadlineAt)
      .where(sql`${t.status} in ('pending', 'active')`),
    index('trading_accounts_next_reset_idx')
      .on(t.nextResetAt)
      .where(sql`${t.status} = 'active'`),
    /** One next-phase account per account: a pass can never provision twice. */
    uniqueIndex('trading_accounts_previous_uq').on(t.previousAccountId),
    /** Paying an order provisions its account exactly once, however many confirmations race. */
    uniqueIndex('trading_accounts_order_uq').on(t.orderId),
    foreignKey({ name: 'trading_accounts_previous_fk', columns: [t.previousAccountId], foreignColumns: [t.id] }),
    /** One replacement per account: a reset sent twice cannot open two fresh accounts. */
    uniqueIndex('trading_accounts_replaces_uq').on(t.replacesAccountId),
    foreignKey({ name: 'trading_accounts_replaces_fk', columns: [t.replacesAccountId], foreignColumns: [t.id] }),
    check('trading_accounts_status_valid', sql`${t.status} in ('pending', 'active', 'passed', 'failed', 'closed')`),
    check('trading_accounts_kind_valid', sql`${t.phaseKind} in ('evaluation', 'funded')`),
    check('trading_accounts_phase', sql`${t.phaseIndex} >= 0 and ${t.phaseIndex} < ${t.phaseCount}`),
    check('trading_accounts_initial_positive', sql`${t.initialBalanceCents} > 0`),
    check('trading_accounts_currency_iso', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('trading_accounts_failed_has_breach', sql`${t.status} <> 'failed' or ${t.breach} is not null`),
  ],
);

/**
 * EVENT_TABLES_NOTE: account_events carries account_id and connector_id without foreign keys: a
 * per-row FK check roughly doubled the cost of storing a batch. Rows are only ever written by the
 * ingestion transaction for accounts it holds locked, and trading accounts and connectors are never
 * deleted (financial records are kept).
 */

export const EVENT_KINDS = ['trade', 'snapshot', 'balance'] as const;
export const BALANCE_KINDS = ['withdrawal', 'adjustment'] as const;

/** A closed trade's key: counted once per account by its ticket, whichever connector sent it. */
const CLOSED_TRADE = sql`kind = 'trade' and close_time is not null`;
/** The key namespace of closed tickets: no connector has the nil id. */
export const TICKET_NAMESPACE = '00000000-0000-0000-0000-000000000000';
/** A withdrawal that pays a payout: counted once per account by its payout, whoever sent it. */
const PAYOUT_WITHDRAWAL = sql`payout_id is not null`;
/** The key namespace of payouts' withdrawals (no connector has this id either). */
export const PAYOUT_NAMESPACE = '00000000-0000-0000-0000-000000000001';

/**
 * Every event a connector sent, once, whatever its kind. The primary key is the idempotency
 * check itself, in one index: (account, key connector, key) is (account, connector, event id) for
 * snapshots, balance operations and open trades, (account, nil, ticket) for closed trades, so
 * a closed trade is counted once per account whichever connector or event id sent it (decision
 * 019: one unique index instead of two), and (account, payout namespace, payout) for a payout's
 * withdrawal, so the platform's booking and a bridge's report of it count once (decision 038).
 * A duplicate is skipped and a concurrent one waits for the first transaction. Columns of the other kinds stay null; CHECKs say which ones each kind must
 * have. No foreign keys (see EVENT_TABLES_NOTE). event_id, event_key and kind are COLLATE "C"
 * (set in migrations 0003 and 0008; drizzle-kit does not model collations).
 */
export const accountEvents = pgTable(
  'account_events',
  {
    connectorId: uuid('connector_id').notNull(),
    eventId: text('event_id').notNull(),
    /** Arrival order: the tie-breaker of keyset pagination and the public trade id. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id').notNull(),
    kind: text('kind', { enum: EVENT_KINDS }).notNull(),
    /** Event time: a trade's close time, or its open time while it is open. */
    time: tstz('time').notNull(),
    // trade
    ticket: text('ticket'),
    symbol: text('symbol'),
    side: text('side', { enum: ['buy', 'sell'] }),
    volume: doublePrecision('volume'),
    openTime: tstz('open_time'),
    openPrice: doublePrecision('open_price'),
    closeTime: tstz('close_time'),
    closePrice: doublePrecision('close_price'),
    profitCents: cents('profit_cents'),
    commissionCents: cents('commission_cents'),
    swapCents: cents('swap_cents'),
    // snapshot
    balanceCents: cents('balance_cents'),
    equityCents: cents('equity_cents'),
    openPositions: integer('open_positions'),
    // balance operation
    amountCents: cents('amount_cents'),
    comment: text('comment'),
    balanceKind: text('balance_kind', { enum: BALANCE_KINDS }),
    /** The payout a withdrawal pays (the platform's own, or a bridge's report of it). */
    payoutId: uuid('payout_id'),
    keyConnectorId: uuid('key_connector_id')
      .notNull()
      .generatedAlwaysAs(
        sql`case when ${CLOSED_TRADE} then '${sql.raw(TICKET_NAMESPACE)}'::uuid when ${PAYOUT_WITHDRAWAL} then '${sql.raw(PAYOUT_NAMESPACE)}'::uuid else connector_id end`,
      ),
    eventKey: text('event_key')
      .notNull()
      .generatedAlwaysAs(
        sql`case when ${CLOSED_TRADE} then ticket when ${PAYOUT_WITHDRAWAL} then payout_id::text else event_id end`,
      ),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.keyConnectorId, t.eventKey] }),
    /** Serves the trades pages, the equity series and the history replay of one account. */
    index('account_events_account_kind_time_idx').on(t.accountId, t.kind, t.time, t.seq),
    /** An account's open trades by ticket: the journal shows an open position's latest report only. */
    index('account_events_open_trade_idx')
      .on(t.accountId, t.ticket, t.seq)
      .where(sql`${t.kind} = 'trade' and ${t.closeTime} is null`),
    check('account_events_kind_valid', sql`${t.kind} in ('trade', 'snapshot', 'balance')`),
    check(
      'account_events_trade_fields',
      sql`${t.kind} <> 'trade' or (${t.ticket} is not null and ${t.symbol} is not null and ${t.side} in ('buy', 'sell')
        and ${t.volume} > 0 and ${t.openTime} is not null and ${t.openPrice} is not null and ${t.profitCents} is not null
        and ${t.commissionCents} is not null and ${t.swapCents} is not null
        and (${t.closeTime} is null) = (${t.closePrice} is null) and (${t.closeTime} is null or ${t.closeTime} >= ${t.openTime}))`,
    ),
    check(
      'account_events_snapshot_fields',
      sql`${t.kind} <> 'snapshot' or (${t.balanceCents} is not null and ${t.equityCents} is not null and ${t.openPositions} >= 0)`,
    ),
    check(
      'account_events_balance_fields',
      sql`${t.kind} <> 'balance' or (${t.amountCents} is not null and ${t.comment} is not null
        and ${t.balanceKind} in ('withdrawal', 'adjustment') and (${t.balanceKind} <> 'withdrawal' or ${t.amountCents} < 0))`,
    ),
    check(
      'account_events_payout_withdrawal',
      sql`${t.payoutId} is null or (${t.kind} = 'balance' and ${t.balanceKind} = 'withdrawal')`,
    ),
  ],
);

/**
 * The equity series in hours (UTC, from the epoch): per account and hour, the first and last
 * snapshot times, the last snapshot's balance and equity, the lowest equity and the count. The
 * ingestion statement that stores snapshots keeps it, set-wise and in its transaction; the equity
 * series of long ranges reads it instead of scanning every snapshot (decision 015). No foreign key,
 * like account_events (see EVENT_TABLES_NOTE).
 */
export const equityHours = pgTable(
  'account_equity_hours',
  {
    accountId: uuid('account_id').notNull(),
    hour: tstz('hour').notNull(),
    firstTime: tstz('first_time').notNull(),
    lastTime: tstz('last_time').notNull(),
    lastBalanceCents: cents('last_balance_cents').notNull(),
    lastEquityCents: cents('last_equity_cents').notNull(),
    minEquityCents: cents('min_equity_cents').notNull(),
    snapshots: integer('snapshots').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.hour] })],
);

/** Per trading day (TRADING_DAY_TZ) summary, written from the engine's day stats. */
export const dailyStats = pgTable(
  'account_daily_stats',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    trades: integer('trades').notNull(),
    lots: doublePrecision('lots').notNull(),
    resultCents: cents('result_cents').notNull(),
    startBalanceCents: cents('start_balance_cents').notNull(),
    endBalanceCents: cents('end_balance_cents').notNull(),
    startEquityCents: cents('start_equity_cents').notNull(),
    endEquityCents: cents('end_equity_cents').notNull(),
    minEquityCents: cents('min_equity_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] }), check('account_daily_stats_trades', sql`${t.trades} >= 0`)],
);

/** Bridges (MT5, cTrader, the demo feed) posting events; the key is stored as SHA-256 only. */
export const connectors = pgTable(
  'connectors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    keyPrefix: text('key_prefix').notNull(),
    /** After a rotation the old key keeps working until previous_key_expires_at. */
    previousKeyHash: text('previous_key_hash').unique(),
    previousKeyExpiresAt: tstz('previous_key_expires_at'),
    rotatedAt: tstz('rotated_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    lastUsedAt: tstz('last_used_at'),
    revokedAt: tstz('revoked_at'),
  },
  (t) => [
    check('connectors_name_nonempty', sql`length(${t.name}) between 1 and 100`),
    check('connectors_previous_key', sql`(${t.previousKeyHash} is null) = (${t.previousKeyExpiresAt} is null)`),
  ],
);

export const CERTIFICATE_KINDS = ['phase_passed', 'funded', 'payout'] as const;

export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: CERTIFICATE_KINDS }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id').references(() => tradingAccounts.id, { onDelete: 'restrict' }),
    amountCents: cents('amount_cents'),
    currency: text('currency').notNull().default('USD'),
    code: text('code').notNull().unique(),
    issuedAt: tstz('issued_at').notNull().defaultNow(),
    revokedAt: tstz('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    index('certificates_user_idx').on(t.userId, t.issuedAt),
    /** A pass issues its certificate once. */
    uniqueIndex('certificates_account_milestone_uq')
      .on(t.accountId, t.kind)
      .where(sql`${t.kind} in ('phase_passed', 'funded')`),
    check('certificates_kind_valid', sql`${t.kind} in ('phase_passed', 'funded', 'payout')`),
    check('certificates_code_format', sql`${t.code} ~ '^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$'`),
    check('certificates_amount', sql`(${t.kind} = 'payout') = (${t.amountCents} is not null)`),
    check('certificates_revoked', sql`(${t.revokedAt} is null) = (${t.revokedReason} is null)`),
  ],
);
