-- orders.manager_id is the customer's current account manager, the console's reach (ADR 0047): the database keeps it
-- in step, so no code path can forget it.
-- 1. Orders of now: their customer's manager.
UPDATE orders o SET manager_id = u.manager_id FROM user_account u WHERE u.id = o.user_id AND o.manager_id IS DISTINCT FROM u.manager_id;
--> statement-breakpoint
-- 2. A new order (or one moved to another customer) takes its customer's manager.
CREATE FUNCTION orders_manager_from_customer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT manager_id INTO NEW.manager_id FROM user_account WHERE id = NEW.user_id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_manager_from_customer BEFORE INSERT OR UPDATE OF user_id, manager_id ON orders FOR EACH ROW EXECUTE FUNCTION orders_manager_from_customer();
--> statement-breakpoint
-- 3. A customer given another manager (assigned, or reassigned from a manager who left) takes their orders along.
CREATE FUNCTION user_account_manager_to_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders SET manager_id = NEW.manager_id WHERE user_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_account_manager_to_orders AFTER UPDATE OF manager_id ON user_account FOR EACH ROW
  WHEN (OLD.manager_id IS DISTINCT FROM NEW.manager_id) EXECUTE FUNCTION user_account_manager_to_orders();
