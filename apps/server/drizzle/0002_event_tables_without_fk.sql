ALTER TABLE "balance_operations" DROP CONSTRAINT "balance_operations_account_id_trading_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "equity_snapshots" DROP CONSTRAINT "equity_snapshots_account_id_trading_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "ingested_events" DROP CONSTRAINT "ingested_events_connector_id_connectors_id_fk";
--> statement-breakpoint
ALTER TABLE "ingested_events" DROP CONSTRAINT "ingested_events_account_id_trading_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "trades" DROP CONSTRAINT "trades_account_id_trading_accounts_id_fk";
--> statement-breakpoint
-- Room on each page for the account row's new version: the per-batch state update stays a HOT update (no index writes).
ALTER TABLE "trading_accounts" SET (fillfactor = 80);