-- A mail the recipient's mail server refused for good (a 5xx answer to RCPT TO) is marked, so that
-- sending every undelivered mail again after an outage leaves out addresses that do not exist.
ALTER TABLE "email_outbox" ADD COLUMN IF NOT EXISTS "refused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The earlier rows: only a refusal gives a mail up before its 8th attempt.
UPDATE "email_outbox" SET "refused" = true WHERE "status" = 'failed' AND "attempts" < 8;
