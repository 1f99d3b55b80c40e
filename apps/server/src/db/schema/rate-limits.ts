import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Throttle counters shared by every instance on the database (decision 002): one row per key
 * ("login:ip:…", "login:acct:…:…", "login:fail:…"), one upsert per attempt. Rows whose window has
 * ended are swept now and then.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    /** Attempts (or, for an account's failures, failed logins) in the current window. */
    count: integer('count').notNull(),
    /** When the window ends and the count starts again from zero. */
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
    /** An account's back-off: no login is tried before this. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);
