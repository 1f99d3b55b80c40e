import { bigint, char, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// The admin dashboard's aggregates (migration 0018, decision 022): hourly buckets (UTC hours) kept
// by database triggers in the transactions that write orders, users, accounts and payouts.

const cents = (name: string) => bigint(name, { mode: 'number' });
const hour = () => timestamp('hour', { withTimezone: true }).notNull();
/** 'h': the hour starting at `hour`; 'd': the UTC day starting at `hour` (the same counts rolled up). */
const grain = () => char('grain').notNull();

export const dashboardOrderHours = pgTable(
  'dashboard_order_hours',
  {
    grain: grain(),
    hour: hour(),
    challengeId: uuid('challenge_id').notNull(),
    currency: text('currency').notNull(),
    paidCount: integer('paid_count').notNull().default(0),
    paidNetCents: cents('paid_net_cents').notNull().default(0),
    discountCents: cents('discount_cents').notNull().default(0),
    refundCount: integer('refund_count').notNull().default(0),
    refundedCents: cents('refunded_cents').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.grain, t.hour, t.challengeId, t.currency] })],
);

export const dashboardMemberHours = pgTable(
  'dashboard_member_hours',
  {
    grain: grain(),
    hour: hour(),
    registered: integer('registered').notNull().default(0),
    converted: integer('converted').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.grain, t.hour] })],
);

export const dashboardAccountHours = pgTable(
  'dashboard_account_hours',
  {
    grain: grain(),
    hour: hour(),
    phaseKind: text('phase_kind').notNull(),
    phaseIndex: integer('phase_index').notNull(),
    event: text('event').notNull(),
    rule: text('rule').notNull().default(''),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.grain, t.hour, t.phaseKind, t.phaseIndex, t.event, t.rule] })],
);

export const dashboardPayoutHours = pgTable(
  'dashboard_payout_hours',
  {
    grain: grain(),
    hour: hour(),
    currency: text('currency').notNull(),
    requestedCount: integer('requested_count').notNull().default(0),
    requestedCents: cents('requested_cents').notNull().default(0),
    paidCount: integer('paid_count').notNull().default(0),
    paidCents: cents('paid_cents').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.grain, t.hour, t.currency] })],
);

export const dashboardAccountCounts = pgTable(
  'dashboard_account_counts',
  {
    status: text('status').notNull(),
    phaseKind: text('phase_kind').notNull(),
    phaseIndex: integer('phase_index').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.phaseKind, t.phaseIndex] })],
);
