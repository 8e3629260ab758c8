ALTER TABLE "device_search" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "device_search_admin_sort_idx" ON "device_search" USING btree ("sort","device_id");--> statement-breakpoint
CREATE INDEX "device_search_admin_order_idx" ON "device_search" USING btree ("order_count","device_id");--> statement-breakpoint
CREATE INDEX "device_search_admin_price_idx" ON "device_search" USING btree ("price_fen","device_id");--> statement-breakpoint
-- The operators' order joins the copies device_search keeps of device (migration 0001), so the console lists without the wide rows.
UPDATE "device_search" ds SET "sort" = d."sort" FROM "device" d WHERE d."id" = ds."device_id";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION device_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE device_search
     SET on_shelf = NEW.on_shelf, type_id = NEW.type_id, child_id = NEW.child_id,
         order_count = NEW.order_count, price_fen = NEW.price_fen, sort = NEW.sort
   WHERE device_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER device_search_sync ON device;
--> statement-breakpoint
CREATE TRIGGER device_search_sync
  AFTER UPDATE OF on_shelf, type_id, child_id, order_count, price_fen, sort ON device
  FOR EACH ROW EXECUTE FUNCTION device_search_sync();
