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
--> statement-breakpoint
-- type_child.item_count = on-shelf items of the category, so totals of catalogue
-- listings without a keyword and the category counts need no scan (ADR 0004).
-- Statement-level with transition tables: a bulk insert adjusts each counter once.
CREATE FUNCTION type_child_count_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE type_child c SET item_count = c.item_count + d.n
      FROM (SELECT child_id, count(*)::int AS n FROM new_rows WHERE on_shelf GROUP BY child_id) d
     WHERE c.id = d.child_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE type_child c SET item_count = c.item_count - d.n
      FROM (SELECT child_id, count(*)::int AS n FROM old_rows WHERE on_shelf GROUP BY child_id) d
     WHERE c.id = d.child_id;
  ELSE
    UPDATE type_child c SET item_count = c.item_count + d.n
      FROM (SELECT child_id, sum(delta)::int AS n FROM (
              SELECT child_id, 1 AS delta FROM new_rows WHERE on_shelf
              UNION ALL
              SELECT child_id, -1 FROM old_rows WHERE on_shelf) x
            GROUP BY child_id) d
     WHERE c.id = d.child_id AND d.n <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER type_child_count_insert AFTER INSERT ON device
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION type_child_count_sync();
--> statement-breakpoint
CREATE TRIGGER type_child_count_update AFTER UPDATE ON device
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION type_child_count_sync();
--> statement-breakpoint
CREATE TRIGGER type_child_count_delete AFTER DELETE ON device
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION type_child_count_sync();
