-- The economic news calendar (issue 15): events with a natural key so a re-imported week updates
-- instead of duplicating, the imports and scheduled fetches staff see, and the funded-phase option
-- of the restricted-news rule (null = off; minutes of the window before and after an event).
CREATE TABLE "news_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"time_kind" text DEFAULT 'exact' NOT NULL,
	"currency" text NOT NULL,
	"title" text NOT NULL,
	"title_key" text NOT NULL,
	"impact" text NOT NULL,
	"forecast" text DEFAULT '' NOT NULL,
	"previous" text DEFAULT '' NOT NULL,
	"actual" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_events_currency_valid" CHECK ("news_events"."currency" ~ '^([A-Z]{3}|ALL)$'),
	CONSTRAINT "news_events_impact_valid" CHECK ("news_events"."impact" in ('low', 'medium', 'high', 'holiday')),
	CONSTRAINT "news_events_time_kind_valid" CHECK ("news_events"."time_kind" in ('exact', 'all_day', 'tentative')),
	CONSTRAINT "news_events_minute" CHECK ("news_events"."time" = date_trunc('minute', "news_events"."time"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "news_events_natural_uq" ON "news_events" USING btree ("currency","title_key","time");--> statement-breakpoint
CREATE INDEX "news_events_time_idx" ON "news_events" USING btree ("time");--> statement-breakpoint
CREATE INDEX "news_events_high_idx" ON "news_events" USING btree ("time") WHERE "news_events"."impact" = 'high';--> statement-breakpoint
CREATE TABLE "news_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"inserted" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"error" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_imports_source_valid" CHECK ("news_imports"."source" in ('upload', 'feed', 'demo')),
	CONSTRAINT "news_imports_status_valid" CHECK ("news_imports"."status" in ('ok', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "news_imports" ADD CONSTRAINT "news_imports_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_imports_created_idx" ON "news_imports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "news_imports_source_idx" ON "news_imports" USING btree ("source","created_at");--> statement-breakpoint
ALTER TABLE "challenge_phases" ADD COLUMN "restricted_news_minutes_before" integer;--> statement-breakpoint
ALTER TABLE "challenge_phases" ADD COLUMN "restricted_news_minutes_after" integer;--> statement-breakpoint
ALTER TABLE "challenge_phases" ADD CONSTRAINT "challenge_phases_restricted_news" CHECK (("challenge_phases"."restricted_news_minutes_before" is null and "challenge_phases"."restricted_news_minutes_after" is null) or ("challenge_phases"."restricted_news_minutes_before" between 0 and 120 and "challenge_phases"."restricted_news_minutes_after" between 0 and 120 and "challenge_phases"."kind" = 'funded'));
