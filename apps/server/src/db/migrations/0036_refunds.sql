CREATE TABLE "refund" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"state" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "refund_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "refund_state_check" CHECK ("refund"."state" in ('pending', 'refunded')),
	CONSTRAINT "refund_amount_check" CHECK ("refund"."amount_fen" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_event" DROP CONSTRAINT "order_event_action_check";--> statement-breakpoint
ALTER TABLE "ledger_entry" DROP CONSTRAINT "ledger_entry_kind_check";--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_staff_id_staff_account_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_state_idx" ON "refund" USING btree ("state","id");--> statement-breakpoint
ALTER TABLE "order_event" ADD CONSTRAINT "order_event_action_check" CHECK ("order_event"."action" in ('submit', 'quote', 'confirmContract', 'pay', 'markPaid', 'receive', 'startTesting', 'deliver', 'confirmData', 'markOverdue', 'settle', 'cancel', 'saveDraft', 'sampling', 'samplingCancel', 'sample.ship', 'sample.unship', 'sample.checkIn', 'sample.test', 'sample.keep', 'sample.giveBack', 'sample.destroy', 'sample.destroyNotice', 'testRecord', 'fileUpload', 'fileApprove', 'fileReject', 'adjust', 'retest', 'contractUpload', 'contractReject', 'called', 'pickupAssign', 'pickupUnassign', 'adjustPay', 'adjustRefund', 'refund'));--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_kind_check" CHECK ("ledger_entry"."kind" in ('topup', 'topupBonus', 'orderPay', 'orderBill', 'settle', 'adjustPay', 'adjustRefund', 'refund', 'bankReceipt', 'groupIn', 'groupOut', 'refundDue'));