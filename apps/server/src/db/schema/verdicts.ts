import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tradingAccounts } from './trading.ts';
import { users } from './users.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

export const VERDICT_REVIEW_STATUSES = ['open', 'kept', 'applied', 'superseded'] as const;

/**
 * A recompute from the full history disagreed with the account's stored verdict. The stored
 * verdict stays until staff keep it or apply the recomputed one; at most one review is open per
 * account (later disagreements update it).
 */
export const verdictReviews = pgTable(
  'verdict_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'restrict' }),
    status: text('status', { enum: VERDICT_REVIEW_STATUSES }).notNull().default('open'),
    /** Verdicts as the engine states them: { status, breach, passedAt }. */
    storedVerdict: jsonb('stored_verdict').notNull(),
    recomputedVerdict: jsonb('recomputed_verdict').notNull(),
    reason: text('reason'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: tstz('resolved_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('verdict_reviews_one_open_uq')
      .on(t.accountId)
      .where(sql`${t.status} = 'open'`),
    index('verdict_reviews_status_created_idx').on(t.status, t.createdAt),
    check('verdict_reviews_status_valid', sql`${t.status} in ('open', 'kept', 'applied', 'superseded')`),
    check(
      'verdict_reviews_resolution',
      sql`(${t.status} = 'open') = (${t.resolvedAt} is null) and (${t.status} not in ('kept', 'applied') or ${t.reason} is not null)`,
    ),
  ],
);

/** The evidence of an account's breach: the equity path of the hours before it (bounded). */
export const breachEvidence = pgTable('breach_evidence', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => tradingAccounts.id, { onDelete: 'restrict' }),
  /** [{ t: epoch ms, balanceCents, equityCents }] oldest first. */
  equityPath: jsonb('equity_path').notNull(),
  recordedAt: tstz('recorded_at').notNull().defaultNow(),
});
