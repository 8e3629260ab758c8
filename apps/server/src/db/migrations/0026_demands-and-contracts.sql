CREATE TABLE "demand" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"budget_fen" integer,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text NOT NULL,
	"valid_until" text DEFAULT '' NOT NULL,
	"quote_note" text DEFAULT '' NOT NULL,
	"total_fen" integer,
	"quoted_by" integer,
	"quoted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "demand_state_check" CHECK ("demand"."state" in ('open', 'quoted', 'accepted', 'declined', 'expired', 'withdrawn')),
	CONSTRAINT "demand_budget_fen_check" CHECK ("demand"."budget_fen" >= 0),
	CONSTRAINT "demand_total_fen_check" CHECK ("demand"."total_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "demand_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"demand_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "demand_event_actor_kind_check" CHECK ("demand_event"."actor_kind" in ('staff', 'customer', 'system')),
	CONSTRAINT "demand_event_action_check" CHECK ("demand_event"."action" in ('submit', 'quote', 'accept', 'decline', 'expire', 'withdraw')),
	CONSTRAINT "demand_event_from_check" CHECK ("demand_event"."from_state" in ('open', 'quoted', 'accepted', 'declined', 'expired', 'withdrawn')),
	CONSTRAINT "demand_event_to_check" CHECK ("demand_event"."to_state" in ('open', 'quoted', 'accepted', 'declined', 'expired', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "demand_quote_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"demand_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit_fen" integer NOT NULL,
	"unit" text NOT NULL,
	"count" integer NOT NULL,
	"turnaround_days" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "demand_quote_line_unit_check" CHECK ("demand_quote_line"."unit" in ('sample', 'hour', 'job', 'element')),
	CONSTRAINT "demand_quote_line_unit_fen_check" CHECK ("demand_quote_line"."unit_fen" >= 0),
	CONSTRAINT "demand_quote_line_count_check" CHECK ("demand_quote_line"."count" between 1 and 999)
);
--> statement-breakpoint
CREATE TABLE "order_contract" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'none' NOT NULL,
	"scan_key" text DEFAULT '' NOT NULL,
	"scan_name" text DEFAULT '' NOT NULL,
	"scan_type" text DEFAULT '' NOT NULL,
	"uploaded_at" timestamp with time zone,
	"reject_reason" text DEFAULT '' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "order_contract_state_check" CHECK ("order_contract"."state" in ('none', 'uploaded', 'rejected', 'confirmed'))
);
--> statement-breakpoint
ALTER TABLE "order_event" DROP CONSTRAINT "order_event_action_check";--> statement-breakpoint
ALTER TABLE "plan_item" ALTER COLUMN "device_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_line" ADD COLUMN "quote_line_id" integer;--> statement-breakpoint
ALTER TABLE "plan_item" ADD COLUMN "quote_line_id" integer;--> statement-breakpoint
ALTER TABLE "demand" ADD CONSTRAINT "demand_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand" ADD CONSTRAINT "demand_quoted_by_staff_account_id_fk" FOREIGN KEY ("quoted_by") REFERENCES "public"."staff_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_event" ADD CONSTRAINT "demand_event_demand_id_demand_id_fk" FOREIGN KEY ("demand_id") REFERENCES "public"."demand"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_quote_line" ADD CONSTRAINT "demand_quote_line_demand_id_demand_id_fk" FOREIGN KEY ("demand_id") REFERENCES "public"."demand"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_contract" ADD CONSTRAINT "order_contract_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_contract" ADD CONSTRAINT "order_contract_decided_by_staff_account_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demand_user_idx" ON "demand" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "demand_state_idx" ON "demand" USING btree ("state","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "demand_event_demand_idx" ON "demand_event" USING btree ("demand_id","id");--> statement-breakpoint
CREATE INDEX "demand_quote_line_demand_idx" ON "demand_quote_line" USING btree ("demand_id","sort");--> statement-breakpoint
ALTER TABLE "order_line" ADD CONSTRAINT "order_line_quote_line_id_demand_quote_line_id_fk" FOREIGN KEY ("quote_line_id") REFERENCES "public"."demand_quote_line"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_item" ADD CONSTRAINT "plan_item_quote_line_id_demand_quote_line_id_fk" FOREIGN KEY ("quote_line_id") REFERENCES "public"."demand_quote_line"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_item_quote_line_idx" ON "plan_item" USING btree ("quote_line_id");--> statement-breakpoint
ALTER TABLE "order_event" ADD CONSTRAINT "order_event_action_check" CHECK ("order_event"."action" in ('submit', 'quote', 'confirmContract', 'markPaid', 'receive', 'startTesting', 'deliver', 'confirmData', 'markOverdue', 'settle', 'cancel', 'saveDraft', 'sampling', 'samplingCancel', 'sample.ship', 'sample.unship', 'sample.checkIn', 'sample.test', 'sample.keep', 'sample.giveBack', 'sample.destroy', 'sample.destroyNotice', 'testRecord', 'fileUpload', 'fileApprove', 'fileReject', 'adjust', 'retest', 'contractUpload', 'contractReject', 'called'));--> statement-breakpoint
ALTER TABLE "plan_item" ADD CONSTRAINT "plan_item_source_check" CHECK (("plan_item"."device_id" is null) <> ("plan_item"."quote_line_id" is null));