CREATE TABLE "coupon_template" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"amount_fen" integer DEFAULT 0 NOT NULL,
	"threshold_fen" integer DEFAULT 0 NOT NULL,
	"rate_percent" integer DEFAULT 100 NOT NULL,
	"max_off_fen" integer DEFAULT 0 NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"valid_days" integer,
	"type_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"device_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"per_user_limit" integer DEFAULT 1 NOT NULL,
	"on_signup" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupon_template_kind_check" CHECK ("coupon_template"."kind" in ('amount', 'rate')),
	CONSTRAINT "coupon_template_amount_check" CHECK ("coupon_template"."amount_fen" >= 0),
	CONSTRAINT "coupon_template_threshold_check" CHECK ("coupon_template"."threshold_fen" >= 0),
	CONSTRAINT "coupon_template_rate_check" CHECK ("coupon_template"."rate_percent" between 1 and 100),
	CONSTRAINT "coupon_template_window_check" CHECK (("coupon_template"."valid_from" is not null and "coupon_template"."valid_to" is not null) or "coupon_template"."valid_days" is not null)
);
--> statement-breakpoint
CREATE TABLE "order_discount" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"user_coupon_id" integer,
	"coupon_name" text DEFAULT '' NOT NULL,
	"coupon_fen" integer DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"points_fen" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"returned_at" timestamp with time zone,
	CONSTRAINT "order_discount_coupon_check" CHECK ("order_discount"."coupon_fen" >= 0),
	CONSTRAINT "order_discount_points_check" CHECK ("order_discount"."points" >= 0),
	CONSTRAINT "order_discount_points_fen_check" CHECK ("order_discount"."points_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_account" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "points_account_balance_check" CHECK ("points_account"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_entry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"points" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"order_id" integer,
	"expires_at" timestamp with time zone,
	"left" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "points_entry_reason_check" CHECK ("points_entry"."reason" in ('earn', 'spend', 'giveBack', 'takeBack', 'expire')),
	CONSTRAINT "points_entry_balance_check" CHECK ("points_entry"."balance_after" >= 0),
	CONSTRAINT "points_entry_left_check" CHECK ("points_entry"."left" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_coupon" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"state" text NOT NULL,
	"source" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"order_id" integer,
	"staff_id" integer,
	"issued_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "user_coupon_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "user_coupon_state_check" CHECK ("user_coupon"."state" in ('usable', 'used')),
	CONSTRAINT "user_coupon_source_check" CHECK ("user_coupon"."source" in ('signup', 'staff')),
	CONSTRAINT "user_coupon_held_check" CHECK (("user_coupon"."state" = 'used') = ("user_coupon"."order_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "coupon_template" ADD CONSTRAINT "coupon_template_staff_id_staff_account_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_discount" ADD CONSTRAINT "order_discount_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_discount" ADD CONSTRAINT "order_discount_user_coupon_id_user_coupon_id_fk" FOREIGN KEY ("user_coupon_id") REFERENCES "public"."user_coupon"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_account" ADD CONSTRAINT "points_account_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entry" ADD CONSTRAINT "points_entry_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entry" ADD CONSTRAINT "points_entry_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_coupon" ADD CONSTRAINT "user_coupon_template_id_coupon_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."coupon_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_coupon" ADD CONSTRAINT "user_coupon_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_coupon" ADD CONSTRAINT "user_coupon_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_coupon" ADD CONSTRAINT "user_coupon_staff_id_staff_account_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "points_entry_user_idx" ON "points_entry" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "points_entry_expiry_idx" ON "points_entry" USING btree ("expires_at") WHERE "points_entry"."left" > 0;--> statement-breakpoint
CREATE INDEX "user_coupon_user_idx" ON "user_coupon" USING btree ("user_id","state","valid_to");--> statement-breakpoint
CREATE INDEX "user_coupon_template_idx" ON "user_coupon" USING btree ("template_id","user_id");