-- A mail names the user it was for, so erasing a person's mails (decision 028) goes by who they
-- were for, not by an address another user may hold by now. Null: the rows written before this
-- column, and mails to no user.
ALTER TABLE "email_outbox" ADD COLUMN IF NOT EXISTS "user_id" uuid REFERENCES "users"("id");--> statement-breakpoint
-- What can be known of the earlier rows: a mail to the address a user holds today, written after
-- that user took the address (registered with it, confirmed a change to it, or was given it by
-- staff), was for them; addresses are unique, so at most one user matches. A mail from before then
-- went to whoever held the address earlier: it stays unattributed (erasure finds it by address).
UPDATE "email_outbox" o SET "user_id" = u."id"
  FROM "users" u
  WHERE o."user_id" IS NULL AND u."email" = lower(o."to_address")
    AND o."created_at" >= greatest(
      u."created_at",
      (SELECT max(c."used_at") FROM "email_changes" c WHERE c."user_id" = u."id" AND lower(c."new_email") = u."email"),
      (SELECT max(a."created_at") FROM "audit_log" a
        WHERE a."target_type" = 'user' AND a."target_id" = u."id"::text AND a."action" = 'user.update'
          AND lower(a."after"->>'email') = u."email")
    );--> statement-breakpoint
-- After the backfill: the index is built once, not kept up row by row.
CREATE INDEX IF NOT EXISTS "email_outbox_user_idx" ON "email_outbox" USING btree ("user_id") WHERE "user_id" IS NOT NULL;
