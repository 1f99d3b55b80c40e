-- A staff reset opens a fresh account of the same phase in place of the old one; the fresh account
-- names the one it replaces, so what an order led to (a refund closes it) follows resets too, and a
-- reset sent twice cannot open two fresh accounts.
ALTER TABLE "trading_accounts" ADD COLUMN IF NOT EXISTS "replaces_account_id" uuid;--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD CONSTRAINT "trading_accounts_replaces_fk" FOREIGN KEY ("replaces_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "trading_accounts_replaces_uq" ON "trading_accounts" USING btree ("replaces_account_id");--> statement-breakpoint
-- The resets made before: the audit log names the fresh account of each. An account reset more than
-- once gets its latest replacement (the one a refund should reach).
UPDATE "trading_accounts" fresh SET "replaces_account_id" = r."old_id"
  FROM (
    SELECT DISTINCT ON (old."id") old."id" AS "old_id", a."after" ->> 'newAccountId' AS "fresh_id"
    FROM "audit_log" a JOIN "trading_accounts" old ON old."id"::text = a."target_id"
    WHERE a."action" = 'account.reset' AND a."target_type" = 'trading_account'
    ORDER BY old."id", a."created_at" DESC
  ) r
  WHERE fresh."id"::text = r."fresh_id" AND fresh."replaces_account_id" IS NULL AND fresh."id" <> r."old_id";
