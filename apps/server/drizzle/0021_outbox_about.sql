-- The order desk's timeline lists the mails an order caused (received, paid with its invoice, the
-- account's credentials): each queued mail may name the record it is about.
ALTER TABLE "email_outbox" ADD COLUMN IF NOT EXISTS "about_id" uuid;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "email_outbox_about_idx" ON "email_outbox" USING btree ("about_id") WHERE "about_id" IS NOT NULL;
