CREATE TABLE "article" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"img" text DEFAULT '' NOT NULL,
	"sketch" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"published_on" date NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	CONSTRAINT "article_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "banner" (
	"id" serial PRIMARY KEY NOT NULL,
	"img" text NOT NULL,
	"redirect" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"name" text NOT NULL,
	"alias" text[] DEFAULT '{}'::text[] NOT NULL,
	"type_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	"img" text NOT NULL,
	"sketch" text NOT NULL,
	"description" text NOT NULL,
	"sample_requirement" text NOT NULL,
	"instrument" text DEFAULT '' NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_fen" integer NOT NULL,
	"unit" text NOT NULL,
	"turnaround_days" integer NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"discount_label" text,
	"hot_rank" integer,
	"on_shelf" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "device_search" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"on_shelf" boolean NOT NULL,
	"type_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	"order_count" integer NOT NULL,
	"price_fen" integer NOT NULL,
	"name_lc" text NOT NULL,
	"alias_lc" text NOT NULL,
	"search_text" text NOT NULL,
	"search_grams" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"img" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prefecture" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"img" text NOT NULL,
	"sketch" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prefecture_device" (
	"prefecture_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	CONSTRAINT "prefecture_device_prefecture_id_device_id_pk" PRIMARY KEY("prefecture_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "project_type" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"img" text NOT NULL,
	"description" text NOT NULL,
	"discount_label" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_page" (
	"key" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"updated_on" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "type_child" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device" ADD CONSTRAINT "device_type_id_project_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."project_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device" ADD CONSTRAINT "device_child_id_type_child_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."type_child"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_search" ADD CONSTRAINT "device_search_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prefecture_device" ADD CONSTRAINT "prefecture_device_prefecture_id_prefecture_id_fk" FOREIGN KEY ("prefecture_id") REFERENCES "public"."prefecture"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prefecture_device" ADD CONSTRAINT "prefecture_device_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "type_child" ADD CONSTRAINT "type_child_type_id_project_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."project_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_type_date_idx" ON "article" USING btree ("type","published_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "device_type_child_idx" ON "device" USING btree ("type_id","child_id");--> statement-breakpoint
CREATE INDEX "device_order_idx" ON "device" USING btree ("order_count" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "device_hot_idx" ON "device" USING btree ("hot_rank");--> statement-breakpoint
CREATE INDEX "device_search_grams_idx" ON "device_search" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "device_search_order_idx" ON "device_search" USING btree ("on_shelf","order_count" DESC NULLS FIRST,"device_id");--> statement-breakpoint
CREATE INDEX "prefecture_device_device_idx" ON "prefecture_device" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "type_child_type_idx" ON "type_child" USING btree ("type_id","sort");