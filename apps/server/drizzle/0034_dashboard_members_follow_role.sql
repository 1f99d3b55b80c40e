-- A member made staff (or staff made a member) leaves (or joins) the dashboard's member figures:
-- the trigger took only the INSERT, so a registered member later made SUPPORT stayed counted as a
-- new member, and as converted when they had bought, while the users list linked from the figure
-- no longer showed them. The member rows are rebuilt once for the changes made before.
CREATE OR REPLACE FUNCTION dashboard_users_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_member boolean := TG_OP = 'UPDATE' AND OLD.role = 'USER';
  is_member boolean := NEW.role = 'USER';
  sign int;
  bought boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF is_member THEN
      PERFORM dashboard_add_members(NEW.created_at, 1, 0);
    END IF;
    RETURN NULL;
  END IF;
  IF was_member = is_member THEN
    RETURN NULL;
  END IF;
  sign := CASE WHEN is_member THEN 1 ELSE -1 END;
  -- As the orders trigger decides a conversion: under the member's lock, from their paid orders.
  PERFORM pg_advisory_xact_lock(hashtextextended('dashboard-convert:' || NEW.id::text, 0));
  bought := EXISTS (SELECT 1 FROM orders o WHERE o.user_id = NEW.id AND o.status IN ('paid', 'refunded'));
  PERFORM dashboard_add_members(NEW.created_at, sign, CASE WHEN bought THEN sign ELSE 0 END);
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS dashboard_users ON users;--> statement-breakpoint
CREATE TRIGGER dashboard_users AFTER INSERT OR UPDATE OF role ON users
  FOR EACH ROW EXECUTE FUNCTION dashboard_users_trigger();--> statement-breakpoint
DELETE FROM dashboard_member_hours;--> statement-breakpoint
INSERT INTO dashboard_member_hours (grain, hour, registered, converted)
SELECT 'h', dashboard_hour(u.created_at), count(*),
  count(*) FILTER (WHERE EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id AND o.status IN ('paid', 'refunded')))
FROM users u WHERE u.role = 'USER'
GROUP BY 2;--> statement-breakpoint
INSERT INTO dashboard_member_hours (grain, hour, registered, converted)
SELECT 'd', dashboard_day(hour), sum(registered), sum(converted) FROM dashboard_member_hours WHERE grain = 'h' GROUP BY 2;--> statement-breakpoint
INSERT INTO dashboard_member_hours (grain, hour, registered, converted)
SELECT 'm', dashboard_month(hour), sum(registered), sum(converted) FROM dashboard_member_hours WHERE grain = 'h' GROUP BY 2;
