-- A mail names the user it was for, so erasing a person's mails (decision 028) goes by who they
-- were for, not by an address another user may hold by now. Null: the rows written before this
-- column, and mails to no user.
ALTER TABLE "email_outbox" ADD COLUMN IF NOT EXISTS "user_id" uuid REFERENCES "users"("id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "email_outbox_user_idx" ON "email_outbox" USING btree ("user_id") WHERE "user_id" IS NOT NULL;--> statement-breakpoint
-- What can be known of the earlier rows: a mail to the address a user holds today, written after
-- that user registered, was for them (addresses are unique, so at most one user matches). A mail
-- from before then went to someone who held the address earlier: it stays unattributed.
UPDATE "email_outbox" o SET "user_id" = u."id"
  FROM "users" u
  WHERE o."user_id" IS NULL AND u."email" = lower(o."to_address") AND o."created_at" >= u."created_at";
