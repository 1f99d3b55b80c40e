-- Staff users screen (/users): a search by email or name that stays fast on 100,000+ users, and each
-- user's last sign-in (time and the client's geolocation) kept beside the user, so the list can show
-- and sort by it without reading the login history of every row.
--
-- Trigram index: pg_trgm ships with PostgreSQL (a trusted extension since 13) and with PGlite as
-- @electric-sql/pglite/contrib/pg_trgm (db/client.ts loads it). Where the extension cannot be
-- created, the search still works (ILIKE over the same expression), only without the index.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN others THEN
  RAISE NOTICE 'pg_trgm is not available: the users search runs without its trigram index';
END $$;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS users_search_trgm_idx ON users USING gin '
      || '((email || '' '' || first_name || '' '' || last_name) gin_trgm_ops)';
  END IF;
END $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_created_idx" ON "users" USING btree ("created_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_idx" ON "users" USING btree ("last_name", "first_name", "id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "user_last_logins" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "at" timestamp with time zone NOT NULL,
  "geolocation" jsonb
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_last_logins_at_idx" ON "user_last_logins" USING btree ("at", "user_id");--> statement-breakpoint
INSERT INTO "user_last_logins" ("user_id", "at", "geolocation")
  SELECT DISTINCT ON (user_id) user_id, created_at, geolocation
  FROM login_events
  WHERE outcome = 'success' AND user_id IS NOT NULL
  ORDER BY user_id, created_at DESC
ON CONFLICT ("user_id") DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_last_login_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.outcome = 'success' AND NEW.user_id IS NOT NULL THEN
    INSERT INTO user_last_logins (user_id, at, geolocation) VALUES (NEW.user_id, NEW.created_at, NEW.geolocation)
    ON CONFLICT (user_id) DO UPDATE SET at = EXCLUDED.at, geolocation = EXCLUDED.geolocation
      WHERE user_last_logins.at <= EXCLUDED.at;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS login_events_last_login ON login_events;--> statement-breakpoint
CREATE TRIGGER login_events_last_login AFTER INSERT ON login_events
  FOR EACH ROW EXECUTE FUNCTION user_last_login_track();
