-- Keeps the copies in device_search (ADR 0004) equal to device whatever code
-- updates a device (orders bump order_count, operators take items off the shelf).
-- The text columns are computed in TypeScript (search-grams.ts) by catalog.repository.
CREATE FUNCTION device_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE device_search
     SET on_shelf = NEW.on_shelf, type_id = NEW.type_id, child_id = NEW.child_id,
         order_count = NEW.order_count, price_fen = NEW.price_fen
   WHERE device_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER device_search_sync
  AFTER UPDATE OF on_shelf, type_id, child_id, order_count, price_fen ON device
  FOR EACH ROW EXECUTE FUNCTION device_search_sync();
