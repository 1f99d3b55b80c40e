import { index, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Each user's last successful sign-in, kept by a trigger on login_events (migration 0019): the staff
 * users list shows and sorts by it without reading every row's login history.
 */
export const userLastLogins = pgTable(
  'user_last_logins',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    geolocation: jsonb('geolocation'),
  },
  (t) => [index('user_last_logins_at_idx').on(t.at, t.userId)],
);
