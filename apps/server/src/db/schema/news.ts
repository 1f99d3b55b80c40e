import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Economic calendar events (migration 0017). The natural key is (currency, lower(title), time
 * truncated to the minute): re-importing a week, from a file or the feed, updates its events
 * instead of adding them again; an event whose time changed is matched on its day (news-reschedule.ts).
 * The week view reads a time range (`news_events_time_idx`).
 */
export const newsEvents = pgTable(
  'news_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    time: tstz('time').notNull(),
    /** 'exact', or 'all_day' / 'tentative' (the CSV's words): then `time` is the day's start. */
    timeKind: text('time_kind', { enum: ['exact', 'all_day', 'tentative'] })
      .notNull()
      .default('exact'),
    /**
     * The day the source dates the event, in its own zone (migration 0032): what an all-day or
     * tentative event is shown on in every zone, and the day a re-import matches a rescheduled
     * event on (same currency and title, another time).
     */
    localDate: date('local_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    title: text('title').notNull(),
    /** lower(title) collapsed spaces: part of the natural key. */
    titleKey: text('title_key').notNull(),
    impact: text('impact', { enum: ['low', 'medium', 'high', 'holiday'] }).notNull(),
    forecast: text('forecast').notNull().default(''),
    previous: text('previous').notNull().default(''),
    actual: text('actual').notNull().default(''),
    /** Who wrote it last: 'upload', 'feed' or 'demo'. */
    source: text('source').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('news_events_natural_uq').on(t.currency, t.titleKey, t.time),
    index('news_events_time_idx').on(t.time),
    index('news_events_high_idx')
      .on(t.time)
      .where(sql`${t.impact} = 'high'`),
    check('news_events_currency_valid', sql`${t.currency} ~ '^([A-Z]{3}|ALL)$'`),
    check('news_events_impact_valid', sql`${t.impact} in ('low', 'medium', 'high', 'holiday')`),
    check('news_events_time_kind_valid', sql`${t.timeKind} in ('exact', 'all_day', 'tentative')`),
    check('news_events_minute', sql`${t.time} = date_trunc('minute', ${t.time})`),
  ],
);

/** Every import (upload, scheduled fetch, demo seed), good or failed: what staff see on the import screen. */
export const newsImports = pgTable(
  'news_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source', { enum: ['upload', 'feed', 'demo'] }).notNull(),
    status: text('status', { enum: ['ok', 'failed'] }).notNull(),
    fileName: text('file_name').notNull().default(''),
    inserted: integer('inserted').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    error: text('error'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('news_imports_created_idx').on(t.createdAt),
    index('news_imports_source_idx').on(t.source, t.createdAt),
    check('news_imports_source_valid', sql`${t.source} in ('upload', 'feed', 'demo')`),
    check('news_imports_status_valid', sql`${t.status} in ('ok', 'failed')`),
  ],
);
