CREATE SEQUENCE "public"."trading_login_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 50000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "balance_operations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "balance_operations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"amount_cents" bigint NOT NULL,
	"comment" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid,
	"amount_cents" bigint,
	"currency" text DEFAULT 'USD' NOT NULL,
	"code" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	CONSTRAINT "certificates_code_unique" UNIQUE("code"),
	CONSTRAINT "certificates_kind_valid" CHECK ("certificates"."kind" in ('phase_passed', 'funded', 'payout')),
	CONSTRAINT "certificates_code_format" CHECK ("certificates"."code" ~ '^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$'),
	CONSTRAINT "certificates_amount" CHECK (("certificates"."kind" = 'payout') = ("certificates"."amount_cents" is not null)),
	CONSTRAINT "certificates_revoked" CHECK (("certificates"."revoked_at" is null) = ("certificates"."revoked_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "challenge_phases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"challenge_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"profit_target_bps" integer,
	"max_daily_loss_bps" integer NOT NULL,
	"max_loss_bps" integer NOT NULL,
	"drawdown_type" text DEFAULT 'static' NOT NULL,
	"daily_loss_base" text DEFAULT 'balance' NOT NULL,
	"min_trading_days" integer DEFAULT 0 NOT NULL,
	"max_days" integer,
	"profit_split_bps" integer,
	"min_payout_cents" bigint,
	"payout_interval_days" integer,
	CONSTRAINT "challenge_phases_kind_valid" CHECK ("challenge_phases"."kind" in ('evaluation', 'funded')),
	CONSTRAINT "challenge_phases_position_nonneg" CHECK ("challenge_phases"."position" >= 0),
	CONSTRAINT "challenge_phases_target" CHECK ("challenge_phases"."profit_target_bps" is null or "challenge_phases"."profit_target_bps" between 1 and 100000),
	CONSTRAINT "challenge_phases_daily" CHECK ("challenge_phases"."max_daily_loss_bps" between 1 and 10000),
	CONSTRAINT "challenge_phases_max" CHECK ("challenge_phases"."max_loss_bps" between 1 and 10000),
	CONSTRAINT "challenge_phases_drawdown_valid" CHECK ("challenge_phases"."drawdown_type" in ('static', 'eod_trailing')),
	CONSTRAINT "challenge_phases_base_valid" CHECK ("challenge_phases"."daily_loss_base" in ('balance', 'max_balance_equity')),
	CONSTRAINT "challenge_phases_min_days" CHECK ("challenge_phases"."min_trading_days" >= 0),
	CONSTRAINT "challenge_phases_max_days" CHECK ("challenge_phases"."max_days" is null or "challenge_phases"."max_days" > 0),
	CONSTRAINT "challenge_phases_split" CHECK ("challenge_phases"."profit_split_bps" is null or "challenge_phases"."profit_split_bps" between 0 and 10000),
	CONSTRAINT "challenge_phases_min_payout" CHECK ("challenge_phases"."min_payout_cents" is null or "challenge_phases"."min_payout_cents" >= 0),
	CONSTRAINT "challenge_phases_interval" CHECK ("challenge_phases"."payout_interval_days" is null or "challenge_phases"."payout_interval_days" > 0),
	CONSTRAINT "challenge_phases_evaluation_target" CHECK (("challenge_phases"."kind" = 'evaluation' and "challenge_phases"."profit_target_bps" is not null) or ("challenge_phases"."kind" = 'funded' and "challenge_phases"."profit_target_bps" is null))
);
--> statement-breakpoint
CREATE TABLE "challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"account_size_cents" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"price_cents" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"platform" text DEFAULT 'demo' NOT NULL,
	"leverage" integer DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenges_slug_unique" UNIQUE("slug"),
	CONSTRAINT "challenges_status_valid" CHECK ("challenges"."status" in ('active', 'archived')),
	CONSTRAINT "challenges_size_positive" CHECK ("challenges"."account_size_cents" > 0),
	CONSTRAINT "challenges_price_nonneg" CHECK ("challenges"."price_cents" >= 0),
	CONSTRAINT "challenges_currency_iso" CHECK ("challenges"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "challenges_leverage_positive" CHECK ("challenges"."leverage" > 0),
	CONSTRAINT "challenges_slug_format" CHECK ("challenges"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "connectors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "connectors_key_hash_unique" UNIQUE("key_hash"),
	CONSTRAINT "connectors_name_nonempty" CHECK (length("connectors"."name") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "account_daily_stats" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"trades" integer NOT NULL,
	"lots" double precision NOT NULL,
	"result_cents" bigint NOT NULL,
	"start_balance_cents" bigint NOT NULL,
	"end_balance_cents" bigint NOT NULL,
	"start_equity_cents" bigint NOT NULL,
	"end_equity_cents" bigint NOT NULL,
	"min_equity_cents" bigint NOT NULL,
	CONSTRAINT "account_daily_stats_account_id_day_pk" PRIMARY KEY("account_id","day"),
	CONSTRAINT "account_daily_stats_trades" CHECK ("account_daily_stats"."trades" >= 0)
);
--> statement-breakpoint
CREATE TABLE "equity_snapshots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "equity_snapshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"balance_cents" bigint NOT NULL,
	"equity_cents" bigint NOT NULL,
	"open_positions" integer NOT NULL,
	CONSTRAINT "equity_snapshots_positions_nonneg" CHECK ("equity_snapshots"."open_positions" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ingested_events" (
	"connector_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	CONSTRAINT "ingested_events_connector_id_event_id_pk" PRIMARY KEY("connector_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"ticket" text NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"volume" double precision NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"open_time" timestamp with time zone NOT NULL,
	"open_price" double precision NOT NULL,
	"close_time" timestamp with time zone,
	"close_price" double precision,
	"profit_cents" bigint NOT NULL,
	"commission_cents" bigint NOT NULL,
	"swap_cents" bigint NOT NULL,
	CONSTRAINT "trades_side_valid" CHECK ("trades"."side" in ('buy', 'sell')),
	CONSTRAINT "trades_volume_positive" CHECK ("trades"."volume" > 0),
	CONSTRAINT "trades_times_ordered" CHECK ("trades"."close_time" is null or "trades"."close_time" >= "trades"."open_time"),
	CONSTRAINT "trades_close_pair" CHECK (("trades"."close_time" is null) = ("trades"."close_price" is null))
);
--> statement-breakpoint
CREATE TABLE "trading_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"challenge_id" uuid NOT NULL,
	"phase_index" integer NOT NULL,
	"phase_count" integer NOT NULL,
	"phase_kind" text NOT NULL,
	"platform" text NOT NULL,
	"login" text NOT NULL,
	"server" text NOT NULL,
	"platform_password" text NOT NULL,
	"currency" text NOT NULL,
	"initial_balance_cents" bigint NOT NULL,
	"balance_cents" bigint NOT NULL,
	"equity_cents" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rules" jsonb NOT NULL,
	"program" jsonb NOT NULL,
	"state" jsonb NOT NULL,
	"breach" jsonb,
	"trading_day_tz" text NOT NULL,
	"last_event_at" timestamp with time zone,
	"event_count" integer DEFAULT 0 NOT NULL,
	"deadline_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"passed_at" timestamp with time zone,
	"closed_reason" text,
	"previous_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trading_accounts_login_unique" UNIQUE("login"),
	CONSTRAINT "trading_accounts_status_valid" CHECK ("trading_accounts"."status" in ('pending', 'active', 'passed', 'failed', 'closed')),
	CONSTRAINT "trading_accounts_kind_valid" CHECK ("trading_accounts"."phase_kind" in ('evaluation', 'funded')),
	CONSTRAINT "trading_accounts_phase" CHECK ("trading_accounts"."phase_index" >= 0 and "trading_accounts"."phase_index" < "trading_accounts"."phase_count"),
	CONSTRAINT "trading_accounts_initial_positive" CHECK ("trading_accounts"."initial_balance_cents" > 0),
	CONSTRAINT "trading_accounts_currency_iso" CHECK ("trading_accounts"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "trading_accounts_failed_has_breach" CHECK ("trading_accounts"."status" <> 'failed' or "trading_accounts"."breach" is not null)
);
--> statement-breakpoint
ALTER TABLE "balance_operations" ADD CONSTRAINT "balance_operations_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_phases" ADD CONSTRAINT "challenge_phases_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connectors" ADD CONSTRAINT "connectors_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_daily_stats" ADD CONSTRAINT "account_daily_stats_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equity_snapshots" ADD CONSTRAINT "equity_snapshots_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingested_events" ADD CONSTRAINT "ingested_events_connector_id_connectors_id_fk" FOREIGN KEY ("connector_id") REFERENCES "public"."connectors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingested_events" ADD CONSTRAINT "ingested_events_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD CONSTRAINT "trading_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD CONSTRAINT "trading_accounts_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD CONSTRAINT "trading_accounts_previous_fk" FOREIGN KEY ("previous_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_operations_account_time_idx" ON "balance_operations" USING btree ("account_id","time");--> statement-breakpoint
CREATE INDEX "certificates_user_idx" ON "certificates" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_account_milestone_uq" ON "certificates" USING btree ("account_id","kind") WHERE "certificates"."kind" in ('phase_passed', 'funded');--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_phases_position_uq" ON "challenge_phases" USING btree ("challenge_id","position");--> statement-breakpoint
CREATE INDEX "equity_snapshots_account_time_idx" ON "equity_snapshots" USING btree ("account_id","time");--> statement-breakpoint
CREATE INDEX "trades_account_time_idx" ON "trades" USING btree ("account_id","time","id");--> statement-breakpoint
CREATE INDEX "trading_accounts_user_idx" ON "trading_accounts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "trading_accounts_challenge_idx" ON "trading_accounts" USING btree ("challenge_id");--> statement-breakpoint
CREATE INDEX "trading_accounts_deadline_idx" ON "trading_accounts" USING btree ("deadline_at") WHERE "trading_accounts"."status" in ('pending', 'active');--> statement-breakpoint
CREATE UNIQUE INDEX "trading_accounts_previous_uq" ON "trading_accounts" USING btree ("previous_account_id");