-- 0000_init.sql was edited after 0001 existed (commit cbc0ac7): these two
-- indexes went from "order_count DESC NULLS LAST" to "DESC NULLS FIRST", the
-- order of ORDER BY order_count DESC. Databases made with the older text are
-- rebuilt to the current shape; on every other database nothing changes.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_indexes WHERE schemaname = 'public' AND indexname = 'device_order_idx' AND indexdef LIKE '%NULLS LAST%') THEN
    DROP INDEX "public"."device_order_idx";
    CREATE INDEX "device_order_idx" ON "device" USING btree ("order_count" DESC NULLS FIRST);
  END IF;
  IF EXISTS (SELECT 1 FROM pg_indexes WHERE schemaname = 'public' AND indexname = 'device_search_order_idx' AND indexdef LIKE '%NULLS LAST%') THEN
    DROP INDEX "public"."device_search_order_idx";
    CREATE INDEX "device_search_order_idx" ON "device_search" USING btree ("on_shelf", "order_count" DESC NULLS FIRST, "device_id");
  END IF;
END $$;
