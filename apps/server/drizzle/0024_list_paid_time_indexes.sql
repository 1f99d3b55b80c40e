-- The dashboard links its figures to the orders and payouts lists filtered by the time it counts
-- them at (paid, refunded): these lists then bound paid_at or refunded_at, partial indexes so a
-- range of 1,000,000 orders reads only its rows (only paid or refunded rows carry these times).
CREATE INDEX IF NOT EXISTS "orders_paid_idx" ON "orders" ("paid_at", "id") WHERE "paid_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_refunded_idx" ON "orders" ("refunded_at", "id") WHERE "refunded_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payouts_paid_idx" ON "payouts" ("paid_at", "id") WHERE "paid_at" IS NOT NULL;
