CREATE TABLE "sampling_request" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" integer NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"date" text DEFAULT '' NOT NULL,
	"time" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"area" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"address_code" text DEFAULT '' NOT NULL,
	"address_rid" text DEFAULT '' NOT NULL,
	"express_company" text DEFAULT '' NOT NULL,
	"express_no" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "sampling_request_type_check" CHECK ("sampling_request"."type" in (0, 1)),
	CONSTRAINT "sampling_request_state_check" CHECK ("sampling_request"."state" in ('active', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "order_event" DROP CONSTRAINT "order_event_action_check";--> statement-breakpoint
ALTER TABLE "sampling_request" ADD CONSTRAINT "sampling_request_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sampling_request" ADD CONSTRAINT "sampling_request_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sampling_request_order_idx" ON "sampling_request" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sampling_request_one_active_idx" ON "sampling_request" USING btree ("order_id") WHERE "sampling_request"."state" = 'active';--> statement-breakpoint
ALTER TABLE "order_event" ADD CONSTRAINT "order_event_action_check" CHECK ("order_event"."action" in ('submit', 'quote', 'confirmContract', 'markPaid', 'receive', 'startTesting', 'deliver', 'confirmData', 'markOverdue', 'settle', 'cancel', 'saveDraft', 'sampling', 'samplingCancel'));