-- ADR 0082: an order's search text in a table of its own, so that a state move (an update of every index of orders)
-- no longer recomputes and inserts the order's grams into a GIN index; and one index for the order's number.
CREATE TABLE "order_search" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "order_search" ("order_id", "search_text") SELECT "id", "search_text" FROM "orders" WHERE "search_text" <> '';--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_no_unique";--> statement-breakpoint
DROP INDEX "orders_no_prefix_idx";--> statement-breakpoint
DROP INDEX "orders_search_grams_idx";--> statement-breakpoint
ALTER TABLE "order_search" ADD CONSTRAINT "order_search_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_search_grams_idx" ON "order_search" USING gin (search_grams("search_text")) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_no_unique" ON "orders" USING btree ("no" text_pattern_ops);--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "search_text";
