-- Decision 020: the account's rule copies and engine state are written and read whole, never queried
-- inside; json keeps the text as sent (validated only) instead of converting to and from jsonb.
ALTER TABLE "trading_accounts" ALTER COLUMN "rules" SET DATA TYPE json USING "rules"::json;--> statement-breakpoint
ALTER TABLE "trading_accounts" ALTER COLUMN "program" SET DATA TYPE json USING "program"::json;--> statement-breakpoint
ALTER TABLE "trading_accounts" ALTER COLUMN "state" SET DATA TYPE json USING "state"::json;
