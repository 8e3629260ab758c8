CREATE TABLE "device_rating" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"star_sum" integer DEFAULT 0 NOT NULL,
	"star_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "device_rating_star_sum_check" CHECK ("device_rating"."star_sum" >= 0),
	CONSTRAINT "device_rating_star_count_check" CHECK ("device_rating"."star_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "evaluation" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_line_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"stars" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"replied_by" integer,
	"replied_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "evaluation_stars_check" CHECK ("evaluation"."stars" between 1 and 5),
	CONSTRAINT "evaluation_comment_check" CHECK (char_length("evaluation"."comment") <= 500),
	CONSTRAINT "evaluation_reply_check" CHECK ("evaluation"."reply" is null or char_length("evaluation"."reply") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "message" DROP CONSTRAINT "message_kind_check";--> statement-breakpoint
ALTER TABLE "device_rating" ADD CONSTRAINT "device_rating_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation" ADD CONSTRAINT "evaluation_order_line_id_order_line_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_line"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation" ADD CONSTRAINT "evaluation_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation" ADD CONSTRAINT "evaluation_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation" ADD CONSTRAINT "evaluation_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation" ADD CONSTRAINT "evaluation_replied_by_staff_account_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."staff_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_order_line_idx" ON "evaluation" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "evaluation_device_created_idx" ON "evaluation" USING btree ("device_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "evaluation_created_idx" ON "evaluation" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "evaluation_user_created_idx" ON "evaluation" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "evaluation_order_idx" ON "evaluation" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_kind_check" CHECK ("message"."kind" in ('quote', 'receive', 'deliver', 'cancel', 'evaluationReply'));