-- The staff users list stays fast on 100,000+ users (decision 023):
-- 1. The search compares a stored lower-case text with LIKE: ILIKE folded the case of every
--    candidate row again on each search, the largest cost of a broad one. Its trigram index
--    replaces the expression index of migration 0019.
-- 2. The last sign-in time lives on the user row too (user_last_logins keeps it with the
--    geolocation): a search sorted by it walks one index of one table and stops after a page,
--    instead of joining every match's last login. Never signed in sorts as the oldest.
-- 3. An index on role, which the planner combines with the search's bitmap for a search in a role.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "search_text" text
  GENERATED ALWAYS AS (lower("email" || ' ' || "first_name" || ' ' || "last_name")) STORED;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS users_search_text_trgm_idx ON users USING gin (search_text gin_trgm_ops)';
  END IF;
END $$;--> statement-breakpoint
DROP INDEX IF EXISTS "users_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "last_login_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" u SET "last_login_at" = l."at" FROM "user_last_logins" l WHERE l."user_id" = u."id";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_last_login_idx" ON "users" USING btree ("last_login_at" ASC NULLS FIRST, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_last_login_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.outcome = 'success' AND NEW.user_id IS NOT NULL THEN
    INSERT INTO user_last_logins (user_id, at, geolocation) VALUES (NEW.user_id, NEW.created_at, NEW.geolocation)
    ON CONFLICT (user_id) DO UPDATE SET at = EXCLUDED.at, geolocation = EXCLUDED.geolocation
      WHERE user_last_logins.at <= EXCLUDED.at;
    UPDATE users SET last_login_at = NEW.created_at
      WHERE id = NEW.user_id AND (last_login_at IS NULL OR last_login_at <= NEW.created_at);
  END IF;
  RETURN NEW;
END $$;
