-- The admin dashboard's aggregates (decision 022). Hourly buckets (UTC hours, so any whole-hour
-- time zone gets exact day boundaries) and the same counts per UTC day and month (a long range reads
-- months, and days and hours at its two edges only), kept by triggers in the very transactions that write orders,
-- users, trading accounts and payouts: no code path can forget them, and a rolled-back write rolls
-- its counts back. The dashboard sums buckets; it never scans history. A backfill fills them from
-- the existing rows before the triggers start.
CREATE TABLE "dashboard_order_hours" (
  -- 'h': the hour starting at "hour"; 'd' and 'm': the UTC day and month starting at "hour" (the
  -- same counts rolled up)
  "grain" "char" NOT NULL,
  "hour" timestamp with time zone NOT NULL,
  "challenge_id" uuid NOT NULL,
  "currency" text NOT NULL,
  "paid_count" integer NOT NULL DEFAULT 0,
  "paid_net_cents" bigint NOT NULL DEFAULT 0,
  "discount_cents" bigint NOT NULL DEFAULT 0,
  "refund_count" integer NOT NULL DEFAULT 0,
  "refunded_cents" bigint NOT NULL DEFAULT 0,
  PRIMARY KEY ("grain", "hour", "challenge_id", "currency")
);--> statement-breakpoint
CREATE TABLE "dashboard_member_hours" (
  "grain" "char" NOT NULL,
  "hour" timestamp with time zone NOT NULL,
  -- members who registered in the hour
  "registered" integer NOT NULL DEFAULT 0,
  -- of them, those who have paid an order since (counted on the registration hour: a cohort)
  "converted" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("grain", "hour")
);--> statement-breakpoint
CREATE TABLE "dashboard_account_hours" (
  "grain" "char" NOT NULL,
  "hour" timestamp with time zone NOT NULL,
  "phase_kind" text NOT NULL,
  "phase_index" integer NOT NULL,
  -- opened | passed | failed
  "event" text NOT NULL,
  -- the breached rule of a failure, '' otherwise
  "rule" text NOT NULL DEFAULT '',
  "count" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("grain", "hour", "phase_kind", "phase_index", "event", "rule")
);--> statement-breakpoint
CREATE TABLE "dashboard_payout_hours" (
  "grain" "char" NOT NULL,
  "hour" timestamp with time zone NOT NULL,
  "currency" text NOT NULL,
  "requested_count" integer NOT NULL DEFAULT 0,
  "requested_cents" bigint NOT NULL DEFAULT 0,
  "paid_count" integer NOT NULL DEFAULT 0,
  "paid_cents" bigint NOT NULL DEFAULT 0,
  PRIMARY KEY ("grain", "hour", "currency")
);--> statement-breakpoint
-- Accounts now, by status and phase (a snapshot, not a history).
CREATE TABLE "dashboard_account_counts" (
  "status" text NOT NULL,
  "phase_kind" text NOT NULL,
  "phase_index" integer NOT NULL,
  "count" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("status", "phase_kind", "phase_index")
);--> statement-breakpoint
-- The live parts of the dashboard read a handful of rows through these.
CREATE INDEX "trading_accounts_funded_active_idx" ON "trading_accounts" ("id") WHERE "phase_kind" = 'funded' AND "status" = 'active';--> statement-breakpoint
CREATE INDEX "trading_accounts_failed_ended_idx" ON "trading_accounts" ("ended_at") WHERE "status" = 'failed';--> statement-breakpoint
CREATE INDEX "orders_manual_pending_idx" ON "orders" ("created_at") WHERE "status" = 'pending' AND "provider" = 'manual';--> statement-breakpoint
CREATE INDEX "payouts_open_requested_idx" ON "payouts" ("requested_at") WHERE "status" IN ('requested', 'approved');--> statement-breakpoint

CREATE FUNCTION dashboard_hour(ts timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE AS $$ SELECT date_trunc('hour', ts, 'UTC') $$;--> statement-breakpoint
CREATE FUNCTION dashboard_day(ts timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE AS $$ SELECT date_trunc('day', ts, 'UTC') $$;--> statement-breakpoint
CREATE FUNCTION dashboard_month(ts timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE AS $$ SELECT date_trunc('month', ts, 'UTC') $$;--> statement-breakpoint

CREATE FUNCTION dashboard_add_order(at timestamptz, challenge uuid, cur text, paid int, net bigint, discount bigint, refunds int, refunded bigint)
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO dashboard_order_hours AS d (grain, hour, challenge_id, currency, paid_count, paid_net_cents, discount_cents, refund_count, refunded_cents)
  VALUES ('h', dashboard_hour(at), challenge, cur, paid, net, discount, refunds, refunded),
    ('d', dashboard_day(at), challenge, cur, paid, net, discount, refunds, refunded),
    ('m', dashboard_month(at), challenge, cur, paid, net, discount, refunds, refunded)
  ON CONFLICT (grain, hour, challenge_id, currency) DO UPDATE SET
    paid_count = d.paid_count + excluded.paid_count,
    paid_net_cents = d.paid_net_cents + excluded.paid_net_cents,
    discount_cents = d.discount_cents + excluded.discount_cents,
    refund_count = d.refund_count + excluded.refund_count,
    refunded_cents = d.refunded_cents + excluded.refunded_cents
$$;--> statement-breakpoint

CREATE FUNCTION dashboard_add_members(at timestamptz, registered int, converted int)
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO dashboard_member_hours AS d (grain, hour, registered, converted)
  VALUES ('h', dashboard_hour(at), registered, converted), ('d', dashboard_day(at), registered, converted),
    ('m', dashboard_month(at), registered, converted)
  ON CONFLICT (grain, hour) DO UPDATE SET
    registered = d.registered + excluded.registered,
    converted = d.converted + excluded.converted
$$;--> statement-breakpoint

CREATE FUNCTION dashboard_add_account_event(at timestamptz, kind text, idx int, ev text, rule_name text, n int)
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO dashboard_account_hours AS d (grain, hour, phase_kind, phase_index, event, rule, count)
  VALUES ('h', dashboard_hour(at), kind, idx, ev, rule_name, n), ('d', dashboard_day(at), kind, idx, ev, rule_name, n),
    ('m', dashboard_month(at), kind, idx, ev, rule_name, n)
  ON CONFLICT (grain, hour, phase_kind, phase_index, event, rule) DO UPDATE SET count = d.count + excluded.count
$$;--> statement-breakpoint

CREATE FUNCTION dashboard_add_account_count(st text, kind text, idx int, n int)
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO dashboard_account_counts AS d (status, phase_kind, phase_index, count)
  VALUES (st, kind, idx, n)
  ON CONFLICT (status, phase_kind, phase_index) DO UPDATE SET count = d.count + excluded.count
$$;--> statement-breakpoint

CREATE FUNCTION dashboard_add_payout(at timestamptz, cur text, requested int, requested_amount bigint, paid int, paid_amount bigint)
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO dashboard_payout_hours AS d (grain, hour, currency, requested_count, requested_cents, paid_count, paid_cents)
  VALUES ('h', dashboard_hour(at), cur, requested, requested_amount, paid, paid_amount),
    ('d', dashboard_day(at), cur, requested, requested_amount, paid, paid_amount),
    ('m', dashboard_month(at), cur, requested, requested_amount, paid, paid_amount)
  ON CONFLICT (grain, hour, currency) DO UPDATE SET
    requested_count = d.requested_count + excluded.requested_count,
    requested_cents = d.requested_cents + excluded.requested_cents,
    paid_count = d.paid_count + excluded.paid_count,
    paid_cents = d.paid_cents + excluded.paid_cents
$$;--> statement-breakpoint

-- Orders: a payment counts at paid_at, a refund at refunded_at (revenue = paid net − refunded net,
-- net being after the discount and before VAT). A member's first paid order converts them.
CREATE FUNCTION dashboard_orders_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_paid boolean := TG_OP = 'UPDATE' AND OLD.status IN ('paid', 'refunded');
  was_refunded boolean := TG_OP = 'UPDATE' AND OLD.status = 'refunded';
  registered_at timestamptz;
BEGIN
  IF NEW.status IN ('paid', 'refunded') AND NOT was_paid THEN
    PERFORM dashboard_add_order(NEW.paid_at, NEW.challenge_id, NEW.currency, 1, NEW.net_cents, NEW.discount_cents, 0, 0);
    -- Two first orders of one member paid at once must not both convert them.
    PERFORM pg_advisory_xact_lock(hashtextextended('dashboard-convert:' || NEW.user_id::text, 0));
    IF NOT EXISTS (
      SELECT 1 FROM orders o WHERE o.user_id = NEW.user_id AND o.id <> NEW.id AND o.status IN ('paid', 'refunded')
    ) THEN
      SELECT u.created_at INTO registered_at FROM users u WHERE u.id = NEW.user_id AND u.role = 'USER';
      IF registered_at IS NOT NULL THEN
        PERFORM dashboard_add_members(registered_at, 0, 1);
      END IF;
    END IF;
  END IF;
  IF NEW.status = 'refunded' AND NOT was_refunded THEN
    PERFORM dashboard_add_order(NEW.refunded_at, NEW.challenge_id, NEW.currency, 0, 0, 0, 1, NEW.net_cents);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE FUNCTION dashboard_users_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role = 'USER' THEN
    PERFORM dashboard_add_members(NEW.created_at, 1, 0);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

-- Accounts: opened at created_at; passed and failed at ended_at (the breach or pass time). A
-- verdict undone by a review takes its count back.
CREATE FUNCTION dashboard_accounts_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM dashboard_add_account_event(NEW.created_at, NEW.phase_kind, NEW.phase_index, 'opened', '', 1);
    PERFORM dashboard_add_account_count(NEW.status, NEW.phase_kind, NEW.phase_index, 1);
    IF NEW.status IN ('passed', 'failed') THEN
      PERFORM dashboard_add_account_event(coalesce(NEW.ended_at, NEW.updated_at), NEW.phase_kind, NEW.phase_index, NEW.status,
        CASE WHEN NEW.status = 'failed' THEN coalesce(NEW.breach->>'rule', 'unknown') ELSE '' END, 1);
    END IF;
    RETURN NULL;
  END IF;
  IF OLD.status IS NOT DISTINCT FROM NEW.status THEN
    RETURN NULL;
  END IF;
  PERFORM dashboard_add_account_count(OLD.status, OLD.phase_kind, OLD.phase_index, -1);
  PERFORM dashboard_add_account_count(NEW.status, NEW.phase_kind, NEW.phase_index, 1);
  IF OLD.status IN ('passed', 'failed') THEN
    PERFORM dashboard_add_account_event(coalesce(OLD.ended_at, OLD.updated_at), OLD.phase_kind, OLD.phase_index, OLD.status,
      CASE WHEN OLD.status = 'failed' THEN coalesce(OLD.breach->>'rule', 'unknown') ELSE '' END, -1);
  END IF;
  IF NEW.status IN ('passed', 'failed') THEN
    PERFORM dashboard_add_account_event(coalesce(NEW.ended_at, NEW.updated_at), NEW.phase_kind, NEW.phase_index, NEW.status,
      CASE WHEN NEW.status = 'failed' THEN coalesce(NEW.breach->>'rule', 'unknown') ELSE '' END, 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

-- Payouts: requested at requested_at, paid at paid_at (the trader's amount).
CREATE FUNCTION dashboard_payouts_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM dashboard_add_payout(NEW.requested_at, NEW.currency, 1, NEW.amount_cents, 0, 0);
  END IF;
  IF NEW.status = 'paid' AND (TG_OP = 'INSERT' OR OLD.status <> 'paid') THEN
    PERFORM dashboard_add_payout(NEW.paid_at, NEW.currency, 0, 0, 1, NEW.amount_cents);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

-- The backfill, also a rebuild (after a bulk load with the triggers off, or a repair): recomputes
-- every aggregate from the rows. The migration runs it once before the triggers start.
CREATE FUNCTION dashboard_rebuild() RETURNS void LANGUAGE sql AS $$
DELETE FROM dashboard_order_hours;
DELETE FROM dashboard_member_hours;
DELETE FROM dashboard_account_hours;
DELETE FROM dashboard_account_counts;
DELETE FROM dashboard_payout_hours;
INSERT INTO dashboard_order_hours (grain, hour, challenge_id, currency, paid_count, paid_net_cents, discount_cents, refund_count, refunded_cents)
SELECT 'h', hour, challenge_id, currency, sum(paid_count), sum(paid_net), sum(discount), sum(refund_count), sum(refunded)
FROM (
  SELECT dashboard_hour(paid_at) AS hour, challenge_id, currency, 1 AS paid_count, net_cents AS paid_net, discount_cents AS discount,
    0 AS refund_count, 0::bigint AS refunded
  FROM orders WHERE status IN ('paid', 'refunded')
  UNION ALL
  SELECT dashboard_hour(refunded_at), challenge_id, currency, 0, 0, 0, 1, net_cents
  FROM orders WHERE status = 'refunded'
) f
GROUP BY hour, challenge_id, currency;

INSERT INTO dashboard_member_hours (grain, hour, registered, converted)
SELECT 'h', dashboard_hour(u.created_at), count(*),
  count(*) FILTER (WHERE EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id AND o.status IN ('paid', 'refunded')))
FROM users u WHERE u.role = 'USER'
GROUP BY 2;

INSERT INTO dashboard_account_hours (grain, hour, phase_kind, phase_index, event, rule, count)
SELECT 'h', hour, phase_kind, phase_index, event, rule, count(*)
FROM (
  SELECT dashboard_hour(created_at) AS hour, phase_kind, phase_index, 'opened' AS event, '' AS rule FROM trading_accounts
  UNION ALL
  SELECT dashboard_hour(coalesce(ended_at, updated_at)), phase_kind, phase_index, status,
    CASE WHEN status = 'failed' THEN coalesce(breach->>'rule', 'unknown') ELSE '' END
  FROM trading_accounts WHERE status IN ('passed', 'failed')
) f
GROUP BY hour, phase_kind, phase_index, event, rule;

INSERT INTO dashboard_account_counts (status, phase_kind, phase_index, count)
SELECT status, phase_kind, phase_index, count(*) FROM trading_accounts GROUP BY 1, 2, 3;

INSERT INTO dashboard_payout_hours (grain, hour, currency, requested_count, requested_cents, paid_count, paid_cents)
SELECT 'h', hour, currency, sum(rc), sum(ra), sum(pc), sum(pa)
FROM (
  SELECT dashboard_hour(requested_at) AS hour, currency, 1 AS rc, amount_cents AS ra, 0 AS pc, 0::bigint AS pa FROM payouts
  UNION ALL
  SELECT dashboard_hour(paid_at), currency, 0, 0, 1, amount_cents FROM payouts WHERE status = 'paid'
) f
GROUP BY hour, currency;
-- The days, rolled up from the hours.
INSERT INTO dashboard_order_hours (grain, hour, challenge_id, currency, paid_count, paid_net_cents, discount_cents, refund_count, refunded_cents)
SELECT 'd', dashboard_day(hour), challenge_id, currency, sum(paid_count), sum(paid_net_cents), sum(discount_cents), sum(refund_count), sum(refunded_cents)
FROM dashboard_order_hours WHERE grain = 'h' GROUP BY 2, 3, 4;
INSERT INTO dashboard_member_hours (grain, hour, registered, converted)
SELECT 'd', dashboard_day(hour), sum(registered), sum(converted) FROM dashboard_member_hours WHERE grain = 'h' GROUP BY 2;
INSERT INTO dashboard_account_hours (grain, hour, phase_kind, phase_index, event, rule, count)
SELECT 'd', dashboard_day(hour), phase_kind, phase_index, event, rule, sum(count)
FROM dashboard_account_hours WHERE grain = 'h' GROUP BY 2, 3, 4, 5, 6;
INSERT INTO dashboard_payout_hours (grain, hour, currency, requested_count, requested_cents, paid_count, paid_cents)
SELECT 'd', dashboard_day(hour), currency, sum(requested_count), sum(requested_cents), sum(paid_count), sum(paid_cents)
FROM dashboard_payout_hours WHERE grain = 'h' GROUP BY 2, 3;
-- The months, rolled up from the hours.
INSERT INTO dashboard_order_hours (grain, hour, challenge_id, currency, paid_count, paid_net_cents, discount_cents, refund_count, refunded_cents)
SELECT 'm', dashboard_month(hour), challenge_id, currency, sum(paid_count), sum(paid_net_cents), sum(discount_cents), sum(refund_count), sum(refunded_cents)
FROM dashboard_order_hours WHERE grain = 'h' GROUP BY 2, 3, 4;
INSERT INTO dashboard_member_hours (grain, hour, registered, converted)
SELECT 'm', dashboard_month(hour), sum(registered), sum(converted) FROM dashboard_member_hours WHERE grain = 'h' GROUP BY 2;
INSERT INTO dashboard_account_hours (grain, hour, phase_kind, phase_index, event, rule, count)
SELECT 'm', dashboard_month(hour), phase_kind, phase_index, event, rule, sum(count)
FROM dashboard_account_hours WHERE grain = 'h' GROUP BY 2, 3, 4, 5, 6;
INSERT INTO dashboard_payout_hours (grain, hour, currency, requested_count, requested_cents, paid_count, paid_cents)
SELECT 'm', dashboard_month(hour), currency, sum(requested_count), sum(requested_cents), sum(paid_count), sum(paid_cents)
FROM dashboard_payout_hours WHERE grain = 'h' GROUP BY 2, 3;
$$;--> statement-breakpoint
SELECT dashboard_rebuild();--> statement-breakpoint

CREATE TRIGGER dashboard_orders AFTER INSERT OR UPDATE OF status ON orders
  FOR EACH ROW EXECUTE FUNCTION dashboard_orders_trigger();--> statement-breakpoint
CREATE TRIGGER dashboard_users AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION dashboard_users_trigger();--> statement-breakpoint
CREATE TRIGGER dashboard_accounts AFTER INSERT OR UPDATE OF status ON trading_accounts
  FOR EACH ROW EXECUTE FUNCTION dashboard_accounts_trigger();--> statement-breakpoint
CREATE TRIGGER dashboard_payouts AFTER INSERT OR UPDATE OF status ON payouts
  FOR EACH ROW EXECUTE FUNCTION dashboard_payouts_trigger();
