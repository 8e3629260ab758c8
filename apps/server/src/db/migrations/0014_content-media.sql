CREATE TABLE "media_file" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "media_file_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banner" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banner" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media_file" ADD CONSTRAINT "media_file_uploaded_by_staff_account_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."staff_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_file_created_idx" ON "media_file" USING btree ("created_at");