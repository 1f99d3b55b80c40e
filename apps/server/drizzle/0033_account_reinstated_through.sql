-- A reinstated account remembers up to which event time staff forgave its failure, so a replay of
-- its history (a late event) does not find the old breach again and fail it silently. Accounts
-- reinstated before: the last event they had seen then is not kept, so their latest event stamped
-- at or before the reinstatement the audit log records is taken.
ALTER TABLE "trading_accounts" ADD COLUMN IF NOT EXISTS "reinstated_through" timestamp with time zone;--> statement-breakpoint
UPDATE "trading_accounts" a SET "reinstated_through" = (
    SELECT max(e."time") FROM "account_events" e
    WHERE e."account_id" = a."id" AND e."time" <= r."at"
  )
  FROM (
    SELECT "target_id", max("created_at") AS "at" FROM "audit_log"
    WHERE "action" = 'account.reinstate' GROUP BY "target_id"
  ) r
  WHERE r."target_id" = a."id"::text AND a."reinstated_through" IS NULL;
