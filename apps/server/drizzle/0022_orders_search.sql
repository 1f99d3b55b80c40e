-- The orders desk's search by email or name stays fast on 1,000,000 orders: the billed email and
-- name in lower case, stored, with a trigram index for LIKE '%…%' (when pg_trgm is available, as it
-- is on PostgreSQL and PGlite; without it the search still works, reading every order).
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "search_text" text
  GENERATED ALWAYS AS (lower(coalesce("billing" ->> 'email', '') || ' ' || coalesce("billing" ->> 'name', ''))) STORED;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS orders_search_text_trgm_idx ON orders USING gin (search_text gin_trgm_ops)';
  END IF;
END $$;
