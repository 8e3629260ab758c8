CREATE TABLE "search_gram_count" (
	"gram" text NOT NULL,
	"type_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "search_gram_count_gram_type_id_child_id_pk" PRIMARY KEY("gram","type_id","child_id")
);
--> statement-breakpoint
DROP INDEX "device_search_grams_idx";--> statement-breakpoint
CREATE INDEX "device_search_name_idx" ON "device_search" USING btree ("name_lc" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "device_search_alias_idx" ON "device_search" USING gin (string_to_array("alias_lc", '|')) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "device_search_price_asc_idx" ON "device_search" USING btree ("on_shelf","price_fen","order_count" DESC NULLS FIRST,"device_id");--> statement-breakpoint
CREATE INDEX "device_search_price_desc_idx" ON "device_search" USING btree ("on_shelf","price_fen" DESC NULLS FIRST,"order_count" DESC NULLS FIRST,"device_id");--> statement-breakpoint
CREATE INDEX "device_search_grams_idx" ON "device_search" USING gin (search_grams("search_text")) WITH (gin_pending_list_limit=64);--> statement-breakpoint
ALTER TABLE "device_search" DROP COLUMN "search_grams";