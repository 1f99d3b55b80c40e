DROP TABLE "balance_operations" CASCADE;--> statement-breakpoint
DROP TABLE "equity_snapshots" CASCADE;--> statement-breakpoint
DROP TABLE "ingested_events" CASCADE;--> statement-breakpoint
DROP TABLE "trades" CASCADE;