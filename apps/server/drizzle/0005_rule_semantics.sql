CREATE TABLE "breach_evidence" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"equity_path" jsonb NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verdict_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"stored_verdict" jsonb NOT NULL,
	"recomputed_verdict" jsonb NOT NULL,
	"reason" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verdict_reviews_status_valid" CHECK ("verdict_reviews"."status" in ('open', 'kept', 'applied', 'superseded')),
	CONSTRAINT "verdict_reviews_resolution" CHECK (("verdict_reviews"."status" = 'open') = ("verdict_reviews"."resolved_at" is null) and ("verdict_reviews"."status" not in ('kept', 'applied') or "verdict_reviews"."reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "account_events" DROP CONSTRAINT "account_events_balance_fields";--> statement-breakpoint
ALTER TABLE "account_events" ADD COLUMN "balance_kind" text;--> statement-breakpoint
-- Balance events stored before kinds existed: a negative amount was money taken out (a withdrawal), anything else a correction.
UPDATE "account_events" SET "balance_kind" = CASE WHEN "amount_cents" < 0 THEN 'withdrawal' ELSE 'adjustment' END WHERE "kind" = 'balance';--> statement-breakpoint
ALTER TABLE "connectors" ADD COLUMN "previous_key_hash" text;--> statement-breakpoint
ALTER TABLE "connectors" ADD COLUMN "previous_key_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connectors" ADD COLUMN "rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD COLUMN "next_reset_at" timestamp with time zone;--> statement-breakpoint
-- Engine state version 2: withdrawals are counted apart (withdrawnCents) instead of shifting every level (netDepositsCents).
UPDATE "trading_accounts" SET "state" = ("state" - 'netDepositsCents') || jsonb_build_object('version', 2, 'atDeadline', null, 'clockRolledAt', null, 'withdrawnCents', greatest(0, -coalesce(("state"->>'netDepositsCents')::bigint, 0))),
  "next_reset_at" = CASE WHEN "status" = 'active' AND "state"->>'nextResetAt' IS NOT NULL THEN to_timestamp(("state"->>'nextResetAt')::bigint / 1000.0) END;--> statement-breakpoint
ALTER TABLE "breach_evidence" ADD CONSTRAINT "breach_evidence_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verdict_reviews" ADD CONSTRAINT "verdict_reviews_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verdict_reviews" ADD CONSTRAINT "verdict_reviews_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verdict_reviews_one_open_uq" ON "verdict_reviews" USING btree ("account_id") WHERE "verdict_reviews"."status" = 'open';--> statement-breakpoint
CREATE INDEX "verdict_reviews_status_created_idx" ON "verdict_reviews" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "account_events_closed_ticket_uq" ON "account_events" USING btree ("account_id","ticket") WHERE "account_events"."kind" = 'trade' and "account_events"."close_time" is not null;--> statement-breakpoint
CREATE INDEX "trading_accounts_next_reset_idx" ON "trading_accounts" USING btree ("next_reset_at") WHERE "trading_accounts"."status" = 'active';--> statement-breakpoint
ALTER TABLE "connectors" ADD CONSTRAINT "connectors_previous_key_hash_unique" UNIQUE("previous_key_hash");--> statement-breakpoint
ALTER TABLE "account_events" ADD CONSTRAINT "account_events_balance_fields" CHECK ("account_events"."kind" <> 'balance' or ("account_events"."amount_cents" is not null and "account_events"."comment" is not null
        and "account_events"."balance_kind" in ('withdrawal', 'adjustment') and ("account_events"."balance_kind" <> 'withdrawal' or "account_events"."amount_cents" < 0)));--> statement-breakpoint
ALTER TABLE "connectors" ADD CONSTRAINT "connectors_previous_key" CHECK (("connectors"."previous_key_hash" is null) = ("connectors"."previous_key_expires_at" is null));