-- The challenge an invoice is for, by the name it was sold under: renaming a challenge later must
-- not change an invoice already issued (Directive 2006/112/EC art. 226: the service as supplied).
ALTER TABLE "invoices" ADD COLUMN IF NOT EXISTS "challenge_name" text;--> statement-breakpoint
-- The earlier invoices: the name their challenge has now, the best that is known of them.
UPDATE "invoices" i SET "challenge_name" = c."name"
  FROM "orders" o JOIN "challenges" c ON c."id" = o."challenge_id"
  WHERE o."id" = i."order_id" AND i."challenge_name" IS NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "challenge_name" SET NOT NULL;
