CREATE TABLE "order_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "order_event_actor_kind_check" CHECK ("order_event"."actor_kind" in ('staff', 'customer', 'system')),
	CONSTRAINT "order_event_action_check" CHECK ("order_event"."action" in ('submit', 'quote', 'confirmContract', 'markPaid', 'receive', 'startTesting', 'deliver', 'confirmData', 'markOverdue', 'settle', 'cancel', 'saveDraft')),
	CONSTRAINT "order_event_from_check" CHECK ("order_event"."from_state" in ('draft', 'quoting', 'contracting', 'unpaid', 'awaitingSample', 'awaitingPickup', 'received', 'testing', 'delivered', 'unsettled', 'completed', 'cancelled', 'overdue')),
	CONSTRAINT "order_event_to_check" CHECK ("order_event"."to_state" in ('draft', 'quoting', 'contracting', 'unpaid', 'awaitingSample', 'awaitingPickup', 'received', 'testing', 'delivered', 'unsettled', 'completed', 'cancelled', 'overdue'))
);
--> statement-breakpoint
CREATE TABLE "order_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"device_id" integer,
	"rid" text NOT NULL,
	"name" text NOT NULL,
	"type_id" integer NOT NULL,
	"unit" text NOT NULL,
	"choices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"unit_fen" integer NOT NULL,
	"count" integer NOT NULL,
	"amount_fen" integer,
	"turnaround_days" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_line_unit_check" CHECK ("order_line"."unit" in ('sample', 'hour', 'job', 'element')),
	CONSTRAINT "order_line_unit_fen_check" CHECK ("order_line"."unit_fen" >= 0),
	CONSTRAINT "order_line_amount_fen_check" CHECK ("order_line"."amount_fen" >= 0),
	CONSTRAINT "order_line_count_check" CHECK ("order_line"."count" between 1 and 999)
);
--> statement-breakpoint
CREATE TABLE "order_no_counter" (
	"day" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_sample" (
	"id" serial PRIMARY KEY NOT NULL,
	"no" text NOT NULL,
	"order_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"name" text NOT NULL,
	"count" integer NOT NULL,
	"form" text NOT NULL,
	"hazards" text[] DEFAULT '{}'::text[] NOT NULL,
	"requirement" text DEFAULT '' NOT NULL,
	"return_sample" boolean DEFAULT false NOT NULL,
	CONSTRAINT "order_sample_no_unique" UNIQUE("no"),
	CONSTRAINT "order_sample_form_check" CHECK ("order_sample"."form" in ('powder', 'film', 'liquid', 'block', 'other')),
	CONSTRAINT "order_sample_hazards_check" CHECK ("order_sample"."hazards" <@ array['toxic', 'corrosive', 'magnetic', 'volatile', 'radioactive']::text[]),
	CONSTRAINT "order_sample_not_radioactive_check" CHECK (not ('radioactive' = any("order_sample"."hazards"))),
	CONSTRAINT "order_sample_count_check" CHECK ("order_sample"."count" between 1 and 999)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"no" text NOT NULL,
	"user_id" integer NOT NULL,
	"state" text NOT NULL,
	"kind" text NOT NULL,
	"delivery" integer NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"attachments" text[] DEFAULT '{}'::text[] NOT NULL,
	"manager_id" integer,
	"total_fen" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_no_unique" UNIQUE("no"),
	CONSTRAINT "orders_state_check" CHECK ("orders"."state" in ('draft', 'quoting', 'contracting', 'unpaid', 'awaitingSample', 'awaitingPickup', 'received', 'testing', 'delivered', 'unsettled', 'completed', 'cancelled', 'overdue')),
	CONSTRAINT "orders_kind_check" CHECK ("orders"."kind" in ('institution', 'enterprise')),
	CONSTRAINT "orders_delivery_check" CHECK ("orders"."delivery" in (0, 1)),
	CONSTRAINT "orders_total_fen_check" CHECK ("orders"."total_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "plan_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"choices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_item_count_check" CHECK ("plan_item"."count" between 1 and 999)
);
--> statement-breakpoint
ALTER TABLE "order_event" ADD CONSTRAINT "order_event_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line" ADD CONSTRAINT "order_line_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line" ADD CONSTRAINT "order_line_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_sample" ADD CONSTRAINT "order_sample_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_sample" ADD CONSTRAINT "order_sample_line_id_order_line_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_line"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_manager_id_staff_account_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."staff_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_item" ADD CONSTRAINT "plan_item_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_item" ADD CONSTRAINT "plan_item_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_event_order_idx" ON "order_event" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_line_order_idx" ON "order_line" USING btree ("order_id","sort");--> statement-breakpoint
CREATE INDEX "order_sample_order_idx" ON "order_sample" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_user_state_created_idx" ON "orders" USING btree ("user_id","state","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_state_created_idx" ON "orders" USING btree ("state","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_no_prefix_idx" ON "orders" USING btree ("no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "plan_item_user_idx" ON "plan_item" USING btree ("user_id","id");