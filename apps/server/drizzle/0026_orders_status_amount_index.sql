-- The orders desk sorts a status by amount (the largest pending orders first, to confirm or chase):
-- without an index that order was a sort of every order in the status (262 ms on PGlite, 127 ms on
-- PostgreSQL with 1,000,000 orders); with it, a page is read in order and stops at its LIMIT.
CREATE INDEX IF NOT EXISTS "orders_status_total_idx" ON "orders" USING btree ("status", "total_cents", "id");
