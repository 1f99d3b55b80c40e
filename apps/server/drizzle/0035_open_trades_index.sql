-- The open trades of an account by ticket: the trade journal shows an open position's latest report
-- only, when a bridge reported it again under a new event id. Open trades are few, so the index is
-- small and its lookups run for open rows only.
CREATE INDEX IF NOT EXISTS "account_events_open_trade_idx" ON "account_events" ("account_id", "ticket", "seq")
  WHERE "kind" = 'trade' AND "close_time" IS NULL;
