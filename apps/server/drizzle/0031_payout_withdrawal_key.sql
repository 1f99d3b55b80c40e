-- A payout's withdrawal is counted once per account by its payout (decision 038): the platform books
-- it when staff mark the payout paid, and a bridge reporting the same withdrawal from the trading
-- server names the payout, so whichever arrives second is a duplicate. The primary key's generated
-- columns get a third case: (account, payout namespace, payout id).
ALTER TABLE "account_events" ADD COLUMN IF NOT EXISTS "payout_id" uuid;--> statement-breakpoint
-- The withdrawals the platform booked before: event id "payout-{id}" from its own connector.
UPDATE "account_events" SET "payout_id" = substring("event_id" from 8)::uuid
  WHERE "connector_id" = '00000000-0000-0000-0000-00000000a001' AND "kind" = 'balance'
    AND "balance_kind" = 'withdrawal' AND "payout_id" IS NULL
    AND "event_id" ~ '^payout-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';--> statement-breakpoint
ALTER TABLE "account_events" DROP CONSTRAINT IF EXISTS "account_events_payout_withdrawal";--> statement-breakpoint
ALTER TABLE "account_events" ADD CONSTRAINT "account_events_payout_withdrawal" CHECK ("payout_id" is null or ("kind" = 'balance' and "balance_kind" = 'withdrawal'));--> statement-breakpoint
ALTER TABLE "account_events" DROP CONSTRAINT IF EXISTS "account_events_account_id_key_connector_id_event_key_pk";--> statement-breakpoint
ALTER TABLE "account_events" DROP COLUMN "key_connector_id";--> statement-breakpoint
ALTER TABLE "account_events" DROP COLUMN "event_key";--> statement-breakpoint
ALTER TABLE "account_events" ADD COLUMN "key_connector_id" uuid GENERATED ALWAYS AS (case when kind = 'trade' and close_time is not null then '00000000-0000-0000-0000-000000000000'::uuid when payout_id is not null then '00000000-0000-0000-0000-000000000001'::uuid else connector_id end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "account_events" ADD COLUMN "event_key" text COLLATE "C" GENERATED ALWAYS AS (case when kind = 'trade' and close_time is not null then ticket when payout_id is not null then payout_id::text else event_id end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "account_events" ADD CONSTRAINT "account_events_account_id_key_connector_id_event_key_pk" PRIMARY KEY("account_id","key_connector_id","event_key");
