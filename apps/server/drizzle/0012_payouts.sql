CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"gross_cents" bigint NOT NULL,
	"split_bps" integer NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"destination" jsonb NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"rejection_reason" text,
	"transfer_reference" text,
	"reviewer_id" uuid,
	"certificate_id" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_status_valid" CHECK ("payouts"."status" in ('requested', 'approved', 'paid', 'rejected', 'cancelled')),
	CONSTRAINT "payouts_method_valid" CHECK ("payouts"."method" in ('bank_transfer', 'crypto', 'paypal')),
	CONSTRAINT "payouts_destination_method" CHECK ("payouts"."destination"->>'method' = "payouts"."method"),
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_cents" > 0),
	CONSTRAINT "payouts_gross_covers_amount" CHECK ("payouts"."gross_cents" >= "payouts"."amount_cents"),
	CONSTRAINT "payouts_split_valid" CHECK ("payouts"."split_bps" between 1 and 10000),
	CONSTRAINT "payouts_currency_iso" CHECK ("payouts"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "payouts_locale_valid" CHECK ("payouts"."locale" in ('en', 'de', 'es', 'fr', 'ja', 'zh')),
	CONSTRAINT "payouts_approved_at" CHECK (("payouts"."status" in ('approved', 'paid')) <= ("payouts"."approved_at" is not null)),
	CONSTRAINT "payouts_rejected" CHECK (("payouts"."status" = 'rejected') = ("payouts"."rejected_at" is not null and coalesce(length(trim("payouts"."rejection_reason")), 0) > 0)),
	CONSTRAINT "payouts_cancelled" CHECK (("payouts"."status" = 'cancelled') = ("payouts"."cancelled_at" is not null)),
	CONSTRAINT "payouts_paid" CHECK (("payouts"."status" = 'paid') = ("payouts"."paid_at" is not null and coalesce(length(trim("payouts"."transfer_reference")), 0) > 0))
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_open_uq" ON "payouts" USING btree ("account_id") WHERE "payouts"."status" in ('requested', 'approved');
--> statement-breakpoint
CREATE INDEX "payouts_account_idx" ON "payouts" USING btree ("account_id","requested_at");
--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("user_id","requested_at");
--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","requested_at");
