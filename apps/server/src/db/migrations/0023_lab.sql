CREATE TABLE "order_adjustment" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"final_fen" integer NOT NULL,
	"reason" text NOT NULL,
	"staff_id" integer,
	"staff_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_adjustment_final_fen_check" CHECK ("order_adjustment"."final_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_retest" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_file" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"sample_id" integer,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"uploaded_by" integer,
	"uploaded_by_name" text DEFAULT '' NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"reviewed_by" integer,
	"reviewed_by_name" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "result_file_state_check" CHECK ("result_file"."state" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "result_file_bytes_check" CHECK ("result_file"."bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "test_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"sample_id" integer NOT NULL,
	"instrument" text NOT NULL,
	"conditions" text DEFAULT '' NOT NULL,
	"operator" text NOT NULL,
	"tested_at" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_event" DROP CONSTRAINT "order_event_action_check";--> statement-breakpoint
ALTER TABLE "order_sample" ADD COLUMN "state" text DEFAULT 'awaiting' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_sample" ADD COLUMN "state_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_sample" ADD COLUMN "express_company" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_sample" ADD COLUMN "express_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_sample" ADD COLUMN "return_company" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_sample" ADD COLUMN "return_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_sample" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_sample" ADD COLUMN "kept_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_sample" ADD COLUMN "destroy_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_adjustment" ADD CONSTRAINT "order_adjustment_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_adjustment" ADD CONSTRAINT "order_adjustment_staff_id_staff_account_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_retest" ADD CONSTRAINT "order_retest_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_file" ADD CONSTRAINT "result_file_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_file" ADD CONSTRAINT "result_file_sample_id_order_sample_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."order_sample"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_file" ADD CONSTRAINT "result_file_uploaded_by_staff_account_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."staff_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_file" ADD CONSTRAINT "result_file_reviewed_by_staff_account_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."staff_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_record" ADD CONSTRAINT "test_record_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_record" ADD CONSTRAINT "test_record_sample_id_order_sample_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."order_sample"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_record" ADD CONSTRAINT "test_record_staff_id_staff_account_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_adjustment_order_idx" ON "order_adjustment" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "result_file_order_idx" ON "result_file" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "test_record_order_idx" ON "test_record" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_sample_state_idx" ON "order_sample" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "order_sample_kept_idx" ON "order_sample" USING btree ("kept_until") WHERE "order_sample"."state" = 'kept';--> statement-breakpoint
ALTER TABLE "order_event" ADD CONSTRAINT "order_event_action_check" CHECK ("order_event"."action" in ('submit', 'quote', 'confirmContract', 'markPaid', 'receive', 'startTesting', 'deliver', 'confirmData', 'markOverdue', 'settle', 'cancel', 'saveDraft', 'sampling', 'samplingCancel', 'sample.ship', 'sample.unship', 'sample.checkIn', 'sample.test', 'sample.keep', 'sample.giveBack', 'sample.destroy', 'sample.destroyNotice', 'testRecord', 'fileUpload', 'fileApprove', 'fileReject', 'adjust', 'retest'));--> statement-breakpoint
ALTER TABLE "order_sample" ADD CONSTRAINT "order_sample_state_check" CHECK ("order_sample"."state" in ('awaiting', 'inTransit', 'signed', 'testing', 'kept', 'returned', 'destroyed'));--> statement-breakpoint
-- Samples of orders that existed before sample states: where their order says they are (ADR 0041).
UPDATE "order_sample" s SET
	"state" = CASE WHEN o."state" = 'received' THEN 'signed' WHEN o."state" = 'testing' THEN 'testing' WHEN s."return_sample" THEN 'testing' ELSE 'kept' END,
	"state_at" = o."updated_at",
	"kept_until" = CASE WHEN o."state" IN ('received', 'testing') OR s."return_sample" THEN NULL ELSE o."updated_at" + interval '3 months' END
FROM "orders" o
WHERE o."id" = s."order_id" AND o."state" IN ('received', 'testing', 'delivered', 'unsettled', 'completed', 'overdue');--> statement-breakpoint
UPDATE "order_sample" s SET "state" = 'inTransit', "express_company" = r."express_company", "express_no" = r."express_no"
FROM "sampling_request" r
WHERE r."order_id" = s."order_id" AND r."state" = 'active' AND r."type" = 0 AND s."state" = 'awaiting';
