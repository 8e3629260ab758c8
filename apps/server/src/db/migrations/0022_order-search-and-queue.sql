ALTER TABLE "order_line" ADD COLUMN "promised_days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Orders written before this column: number, item names, sample names and numbers, lower-cased (the service
-- normalises new ones with normalizeSearch, ADR 0004; names typed so far hold no full-width letters to fold).
UPDATE "orders" o SET "search_text" = lower(concat_ws(' ', o."no",
  (SELECT string_agg(l."name", ' ' ORDER BY l."sort", l."id") FROM "order_line" l WHERE l."order_id" = o."id"),
  (SELECT string_agg(s."name" || ' ' || s."no", ' ' ORDER BY s."id") FROM "order_sample" s WHERE s."order_id" = o."id")));--> statement-breakpoint
CREATE INDEX "order_line_device_idx" ON "order_line" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "orders_search_grams_idx" ON "orders" USING gin (search_grams("search_text")) WITH (gin_pending_list_limit=64);