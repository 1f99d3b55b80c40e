-- The day the source dates a news event, in its own zone. An all-day or tentative event is a date,
-- not an instant: it was grouped by the viewer's day of its stored start (the source's midnight), so
-- a viewer west of the source saw it the day before. Re-imports match a rescheduled event on it.
-- Events stored before: the demo's are dated in UTC (where it wrote them); uploads and the feed in
-- New York, the CSV's default zone and the common feed's own.
ALTER TABLE "news_events" ADD COLUMN IF NOT EXISTS "local_date" date;--> statement-breakpoint
UPDATE "news_events" SET "local_date" = ("time" AT TIME ZONE (CASE WHEN "source" = 'demo' THEN 'UTC' ELSE 'America/New_York' END))::date
  WHERE "local_date" IS NULL;--> statement-breakpoint
ALTER TABLE "news_events" ALTER COLUMN "local_date" SET NOT NULL;
