-- Nothing new for a person once they are anonymised (decision 028): an order, a payout request or a
-- trading account inserted for them is refused. (Inserts only: a BEFORE UPDATE trigger on orders
-- made concurrent payments of one order deadlock on its row.) The row lock waits
-- for an anonymisation under way and then reads its outcome (READ COMMITTED re-checks a locked row),
-- so a request that passed its session check just before the erasure cannot slip in after it.
-- foreign_key_violation: the API answers 409, as for any other reference to what is gone.
CREATE OR REPLACE FUNCTION refuse_erased_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users WHERE id = NEW.user_id AND deleted_at IS NULL FOR SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'The user % was anonymised', NEW.user_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_refuse_erased_user BEFORE INSERT ON orders
  FOR EACH ROW EXECUTE FUNCTION refuse_erased_user();--> statement-breakpoint
CREATE TRIGGER payouts_refuse_erased_user BEFORE INSERT ON payouts
  FOR EACH ROW EXECUTE FUNCTION refuse_erased_user();--> statement-breakpoint
CREATE TRIGGER trading_accounts_refuse_erased_user BEFORE INSERT ON trading_accounts
  FOR EACH ROW EXECUTE FUNCTION refuse_erased_user();
