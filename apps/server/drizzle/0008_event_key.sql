-- One unique index instead of two (decision 019): closed trades are keyed by (account, nil, ticket),
-- every other event by (account, connector, event id).
ALTER TABLE "account_events" ADD COLUMN "key_connector_id" uuid GENERATED ALWAYS AS (case when kind = 'trade' and close_time is not null then '00000000-0000-0000-0000-000000000000'::uuid else connector_id end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "account_events" ADD COLUMN "event_key" text COLLATE "C" GENERATED ALWAYS AS (case when kind = 'trade' and close_time is not null then ticket else event_id end) STORED NOT NULL;--> statement-breakpoint
DROP INDEX "account_events_closed_ticket_uq";--> statement-breakpoint
ALTER TABLE "account_events" DROP CONSTRAINT "account_events_connector_id_event_id_pk";--> statement-breakpoint
ALTER TABLE "account_events" ADD CONSTRAINT "account_events_account_id_key_connector_id_event_key_pk" PRIMARY KEY("account_id","key_connector_id","event_key");
