import { z } from 'zod';
import { boundedDateTime, safeText } from './text.ts';

/**
 * The economic news calendar: events members plan around, imported by staff (the common weekly
 * JSON calendar format or its CSV) or fetched from a configured feed. High-impact events are
 * restricted for funded accounts whose phase has the restricted-news rule.
 */
export const NEWS_IMPACTS = ['low', 'medium', 'high', 'holiday'] as const;
export type NewsImpact = (typeof NEWS_IMPACTS)[number];

/** How precise an event's time is: the CSV also has "All Day" and "Tentative" rows. */
export const NEWS_TIME_KINDS = ['exact', 'all_day', 'tentative'] as const;
export type NewsTimeKind = (typeof NEWS_TIME_KINDS)[number];

/** `ALL` = every currency (e.g. a bank holiday everywhere, G7 statements). */
export const NEWS_CURRENCY_PATTERN = /^([A-Z]{3}|ALL)$/;

/** An import file is refused above this many bytes (413). */
export const NEWS_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** A week query spans at most this many days. */
export const NEWS_MAX_RANGE_DAYS = 31;
/** The CSV has no offset: its times are read in this zone unless the import names another. */
export const NEWS_CSV_DEFAULT_ZONE = 'America/New_York';

/** The restricted-news window a funded phase uses when it enables the rule without one. */
export const RESTRICTED_NEWS_DEFAULT_MINUTES = 2;
export const RESTRICTED_NEWS_MAX_MINUTES = 120;

const ianaTimeZone = () =>
  safeText()
    .max(64)
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'Not an IANA time zone such as America/New_York');

const commaList = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .string()
    .max(400)
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(40));

/**
 * GET /api/news/events?from=&to=&timeZone=&impact=high,medium&currency=USD,EUR. `timeZone` is the
 * viewer's: an event without a time (all day, tentative) belongs to a date, not an instant, and is
 * in the range when that date is one of the range's days in this zone (UTC unless named).
 */
export const newsWeekQuerySchema = z
  .strictObject({
    from: boundedDateTime(),
    to: boundedDateTime(),
    timeZone: ianaTimeZone().default('UTC'),
    impact: commaList(z.enum(NEWS_IMPACTS)).optional(),
    currency: commaList(z.string().regex(NEWS_CURRENCY_PATTERN, 'A currency code such as USD, or ALL')).optional(),
  })
  .superRefine((q, ctx) => {
    const from = Date.parse(q.from);
    const to = Date.parse(q.to);
    if (to <= from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Must be after from' });
    else if (to - from > NEWS_MAX_RANGE_DAYS * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `At most ${NEWS_MAX_RANGE_DAYS} days after from` });
  });
export type NewsWeekQuery = z.input<typeof newsWeekQuerySchema>;
export type NewsWeekParams = z.output<typeof newsWeekQuerySchema>;

export const newsEventSchema = z.object({
  id: z.string(),
  time: z.string(),
  timeKind: z.enum(NEWS_TIME_KINDS),
  /**
   * The event's day where its source dates it (YYYY-MM-DD). An all-day or tentative event is shown
   * on this day in every zone; `time` is then only that day's start in the source's zone.
   */
  date: z.string(),
  currency: z.string(),
  title: z.string(),
  impact: z.enum(NEWS_IMPACTS),
  forecast: z.string(),
  previous: z.string(),
  actual: z.string(),
  /** High impact: trading around it is flagged on funded accounts with the restricted-news rule. */
  restricted: z.boolean(),
});
export type NewsEvent = z.infer<typeof newsEventSchema>;

export const newsWeekResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  events: z.array(newsEventSchema),
  /** Every currency with an event in the range (before the filters), for the filter's choices. */
  currencies: z.array(z.string()),
});
export type NewsWeekResponse = z.infer<typeof newsWeekResponseSchema>;

/** GET /api/news/next-restricted: the next high-impact event from now (for the countdown). */
export const nextRestrictedResponseSchema = z.object({ event: newsEventSchema.nullable() });
export type NextRestrictedResponse = z.infer<typeof nextRestrictedResponseSchema>;

// ---------------------------------------------------------------- import (staff)

export const NEWS_IMPORT_FORMATS = ['json', 'csv'] as const;

/** POST /api/admin/news/import/preview and /api/admin/news/import: the file's text, as read by the browser. */
export const newsImportRequestSchema = z.strictObject({
  format: z.enum(NEWS_IMPORT_FORMATS),
  fileName: safeText().trim().max(200).default(''),
  /** The CSV's times are wall-clock times in this IANA zone (the JSON dates carry their offset). */
  timeZone: ianaTimeZone().default(NEWS_CSV_DEFAULT_ZONE),
  content: safeText(),
});
export type NewsImportRequest = z.input<typeof newsImportRequestSchema>;
export type NewsImportParams = z.output<typeof newsImportRequestSchema>;

export const newsImportRowSchema = z.object({
  /** 1-based: the JSON array's item number, or the CSV's line (the header is line 1). */
  line: z.number().int(),
  time: z.string(),
  timeKind: z.enum(NEWS_TIME_KINDS),
  /** The day as the file dates it (YYYY-MM-DD): what an all-day or tentative row is shown on. */
  date: z.string(),
  currency: z.string(),
  title: z.string(),
  impact: z.enum(NEWS_IMPACTS),
  forecast: z.string(),
  previous: z.string(),
});
export type NewsImportRow = z.infer<typeof newsImportRowSchema>;

/** What a row error is about: a column of the file, the whole row, or the file itself. */
export const NEWS_IMPORT_ERROR_FIELDS = [
  'title',
  'country',
  'date',
  'time',
  'impact',
  'forecast',
  'previous',
  'row',
  'file',
  'header',
] as const;
export type NewsImportErrorField = (typeof NEWS_IMPORT_ERROR_FIELDS)[number];

/** Why a row (or the file) is refused; the web translates each, `message` keeps the English for API clients. */
export const NEWS_IMPORT_ERROR_CODES = [
  /** The file is not JSON at all. */
  'not_json',
  /** JSON, but not an array of events. */
  'not_array',
  /** More than `params.max` events. */
  'too_many_rows',
  /** The CSV's first line is not Title,Country,Date,Time,Impact,Forecast,Previous,URL. */
  'bad_header',
  /** A JSON item that is not an object. */
  'not_object',
  'title_required',
  /** Longer than `params.max` characters. */
  'too_long',
  'not_text',
  'bad_currency',
  'bad_impact',
  /** JSON: not an ISO 8601 date-time with its offset. */
  'bad_iso_date',
  /** CSV: not a date as MM-DD-YYYY. */
  'bad_csv_date',
  /** CSV: not a time such as 8:30am, All Day or Tentative. */
  'bad_csv_time',
  /** Before 1970 or after 2200. */
  'date_out_of_range',
  /** Same currency, title and time as the earlier line `params.line`. */
  'duplicate',
] as const;
export type NewsImportErrorCode = (typeof NEWS_IMPORT_ERROR_CODES)[number];

export const newsImportErrorSchema = z.object({
  line: z.number().int(),
  field: z.enum(NEWS_IMPORT_ERROR_FIELDS),
  code: z.enum(NEWS_IMPORT_ERROR_CODES),
  /** The numbers the code's text names (`max`, `line`); empty for most codes. */
  params: z.record(z.string(), z.number()),
  /** English, for API clients. */
  message: z.string(),
});
export type NewsImportError = z.infer<typeof newsImportErrorSchema>;

export const newsImportPreviewSchema = z.object({
  rows: z.array(newsImportRowSchema),
  errors: z.array(newsImportErrorSchema),
  /**
   * Rows of the file already stored, which will be updated: same currency, title and minute, or the
   * same currency and title on the same day at another time (the event was rescheduled, or a
   * tentative one got its time).
   */
  existing: z.number().int(),
});
export type NewsImportPreview = z.infer<typeof newsImportPreviewSchema>;

export const NEWS_IMPORT_SOURCES = ['upload', 'feed', 'demo'] as const;
export const NEWS_IMPORT_STATUSES = ['ok', 'failed'] as const;

/**
 * Why a scheduled fetch failed: `http_status` (the feed answered `status`, not 200), `unreachable`
 * (no answer, or the connection broke), `too_large` (above the import limit), `unreadable` (not a
 * calendar in either format), `empty` (a calendar without one event), `unknown` (a reason this
 * version does not recognise).
 */
export const NEWS_FEED_FAILURE_KINDS = [
  'http_status',
  'unreachable',
  'too_large',
  'unreadable',
  'empty',
  'unknown',
] as const;
export type NewsFeedFailureKind = (typeof NEWS_FEED_FAILURE_KINDS)[number];

export const newsFeedFailureSchema = z.object({
  kind: z.enum(NEWS_FEED_FAILURE_KINDS),
  /** The HTTP status for `http_status`, else null. */
  status: z.number().int().nullable(),
});
export type NewsFeedFailure = z.infer<typeof newsFeedFailureSchema>;

export const newsImportRecordSchema = z.object({
  id: z.string(),
  source: z.enum(NEWS_IMPORT_SOURCES),
  status: z.enum(NEWS_IMPORT_STATUSES),
  fileName: z.string(),
  inserted: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  /** A failed fetch's reason in English (API clients, logs). */
  error: z.string().nullable(),
  /** A failed fetch's reason as a kind the web translates; null when nothing failed. */
  failure: newsFeedFailureSchema.nullable(),
  actorName: z.string().nullable(),
  at: z.string(),
});
export type NewsImportRecord = z.infer<typeof newsImportRecordSchema>;

export const newsImportResultSchema = z.object({ import: newsImportRecordSchema });

/** GET /api/admin/news/status: the feed and the latest imports. */
export const newsImportStatusSchema = z.object({
  feedConfigured: z.boolean(),
  /** The last scheduled fetch, good or failed. */
  lastFetch: newsImportRecordSchema.nullable(),
  /** The last fetch that stored events (its data is what members see when a later one failed). */
  lastGoodFetch: newsImportRecordSchema.nullable(),
  recent: z.array(newsImportRecordSchema),
});
export type NewsImportStatus = z.infer<typeof newsImportStatusSchema>;

// ---------------------------------------------------------------- restricted-news violations

export const newsViolationSchema = z.object({
  ticket: z.string(),
  symbol: z.string(),
  /** Which end of the trade fell in the window. */
  side: z.enum(['open', 'close']),
  tradeTime: z.string(),
  event: z.object({ id: z.string(), time: z.string(), currency: z.string(), title: z.string() }),
});
export type NewsViolation = z.infer<typeof newsViolationSchema>;

export const newsViolationsResponseSchema = z.object({
  /** Off: the account's phase does not have the rule; `violations` is then empty. */
  enabled: z.boolean(),
  minutesBefore: z.number().int(),
  minutesAfter: z.number().int(),
  violations: z.array(newsViolationSchema),
});
export type NewsViolations = z.infer<typeof newsViolationsResponseSchema>;
