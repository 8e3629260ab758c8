CREATE TABLE "message" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"order_id" integer,
	"key" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "message_kind_check" CHECK ("message"."kind" in ('quote', 'receive', 'deliver', 'cancel'))
);
--> statement-breakpoint
CREATE TABLE "notice_delivery" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"channel" text NOT NULL,
	"user_id" integer,
	"order_id" integer,
	"recipient" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"state" text NOT NULL,
	"provider" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notice_delivery_channel_check" CHECK ("notice_delivery"."channel" in ('sms', 'mail')),
	CONSTRAINT "notice_delivery_state_check" CHECK ("notice_delivery"."state" in ('sending', 'sent', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "order_event" DROP CONSTRAINT "order_event_action_check";--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_delivery" ADD CONSTRAINT "notice_delivery_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_delivery" ADD CONSTRAINT "notice_delivery_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_key_idx" ON "message" USING btree ("key");--> statement-breakpoint
CREATE INDEX "message_user_idx" ON "message" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "message_user_unread_idx" ON "message" USING btree ("user_id") WHERE "message"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notice_delivery_key_idx" ON "notice_delivery" USING btree ("key");--> statement-breakpoint
CREATE INDEX "notice_delivery_channel_idx" ON "notice_delivery" USING btree ("channel","id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "order_event" ADD CONSTRAINT "order_event_action_check" CHECK ("order_event"."action" in ('submit', 'quote', 'confirmContract', 'markPaid', 'receive', 'startTesting', 'deliver', 'confirmData', 'markOverdue', 'settle', 'cancel', 'saveDraft', 'sampling', 'samplingCancel', 'sample.ship', 'sample.unship', 'sample.checkIn', 'sample.test', 'sample.keep', 'sample.giveBack', 'sample.destroy', 'sample.destroyNotice', 'testRecord', 'fileUpload', 'fileApprove', 'fileReject', 'adjust', 'retest', 'called'));