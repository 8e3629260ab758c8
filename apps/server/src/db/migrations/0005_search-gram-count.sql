-- search_gram_count (ADR 0004): on-shelf items holding each gram, per type and
-- category. For a keyword of one word of one or two characters, holding its
-- one gram is the same as containing it, so the keyword's exact total is a sum
-- of a few rows here instead of a count of up to every item.
-- Inserts and deletes are counted per statement (transition tables: a bulk
-- insert of 500 items is one upsert); an update only when on_shelf, the
-- category or the text changes (order counts and prices change often and do
-- not matter here). Upserts go in key order so concurrent writers lock rows
-- in the same order.
CREATE FUNCTION search_gram_count_add(delta int, rows_text text[], rows_type int[], rows_child int[]) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO search_gram_count AS c (gram, type_id, child_id, n)
  SELECT g, r.type_id, r.child_id, delta * count(*)::int
    FROM unnest(rows_text, rows_type, rows_child) AS r(search_text, type_id, child_id),
         unnest(search_grams(r.search_text)) AS g
   GROUP BY g, r.type_id, r.child_id
   ORDER BY g, r.type_id, r.child_id
  ON CONFLICT (gram, type_id, child_id) DO UPDATE SET n = c.n + excluded.n
$$;
--> statement-breakpoint
CREATE FUNCTION search_gram_count_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_gram_count_add(1, array_agg(search_text), array_agg(type_id), array_agg(child_id)) FROM new_rows WHERE on_shelf HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM search_gram_count_add(-1, array_agg(search_text), array_agg(type_id), array_agg(child_id)) FROM old_rows WHERE on_shelf HAVING count(*) > 0;
  ELSE
    IF OLD.on_shelf THEN
      PERFORM search_gram_count_add(-1, ARRAY[OLD.search_text], ARRAY[OLD.type_id], ARRAY[OLD.child_id]);
    END IF;
    IF NEW.on_shelf THEN
      PERFORM search_gram_count_add(1, ARRAY[NEW.search_text], ARRAY[NEW.type_id], ARRAY[NEW.child_id]);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_gram_count_insert AFTER INSERT ON device_search
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_gram_count_sync();
--> statement-breakpoint
CREATE TRIGGER search_gram_count_delete AFTER DELETE ON device_search
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_gram_count_sync();
--> statement-breakpoint
CREATE TRIGGER search_gram_count_update AFTER UPDATE ON device_search
  FOR EACH ROW WHEN ((OLD.on_shelf, OLD.type_id, OLD.child_id, OLD.search_text) IS DISTINCT FROM (NEW.on_shelf, NEW.type_id, NEW.child_id, NEW.search_text))
  EXECUTE FUNCTION search_gram_count_sync();
--> statement-breakpoint
-- Counts for the rows already there.
SELECT search_gram_count_add(1, array_agg(search_text), array_agg(type_id), array_agg(child_id)) FROM device_search WHERE on_shelf HAVING count(*) > 0;
