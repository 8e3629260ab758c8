CREATE TABLE "promoter" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"state" text NOT NULL,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"owed_fen" bigint DEFAULT 0 NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "promoter_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "promoter_state_check" CHECK ("promoter"."state" in ('applied', 'approved', 'rejected', 'disabled')),
	CONSTRAINT "promoter_owed_check" CHECK ("promoter"."owed_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rebate" (
	"id" serial PRIMARY KEY NOT NULL,
	"promoter_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"payment_entry_id" bigint NOT NULL,
	"base_fen" integer NOT NULL,
	"rate_bp" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"state" text NOT NULL,
	"release_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "rebate_state_check" CHECK ("rebate"."state" in ('pending', 'available', 'reversed')),
	CONSTRAINT "rebate_amount_check" CHECK ("rebate"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawal" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"holder" text NOT NULL,
	"bank" text NOT NULL,
	"account" text NOT NULL,
	"state" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	CONSTRAINT "withdrawal_state_check" CHECK ("withdrawal"."state" in ('applied', 'approved', 'paid', 'rejected')),
	CONSTRAINT "withdrawal_amount_check" CHECK ("withdrawal"."amount_fen" > 0)
);
--> statement-breakpoint
ALTER TABLE "message" DROP CONSTRAINT "message_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_entry" DROP CONSTRAINT "ledger_entry_kind_check";--> statement-breakpoint
ALTER TABLE "promoter" ADD CONSTRAINT "promoter_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter" ADD CONSTRAINT "promoter_staff_id_staff_account_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate" ADD CONSTRAINT "rebate_promoter_id_user_account_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."user_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate" ADD CONSTRAINT "rebate_customer_id_user_account_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."user_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate" ADD CONSTRAINT "rebate_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate" ADD CONSTRAINT "rebate_payment_entry_id_ledger_entry_id_fk" FOREIGN KEY ("payment_entry_id") REFERENCES "public"."ledger_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal" ADD CONSTRAINT "withdrawal_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal" ADD CONSTRAINT "withdrawal_staff_id_staff_account_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promoter_state_idx" ON "promoter" USING btree ("state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rebate_payment_idx" ON "rebate" USING btree ("payment_entry_id");--> statement-breakpoint
CREATE INDEX "rebate_promoter_idx" ON "rebate" USING btree ("promoter_id","id");--> statement-breakpoint
CREATE INDEX "rebate_order_idx" ON "rebate" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "rebate_due_idx" ON "rebate" USING btree ("release_at") WHERE "rebate"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "withdrawal_user_idx" ON "withdrawal" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawal_state_idx" ON "withdrawal" USING btree ("state","id");--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_kind_check" CHECK ("message"."kind" in ('quote', 'receive', 'deliver', 'pay', 'markOverdue', 'cancel', 'evaluationReply', 'pickupAssign', 'cluster', 'invoiceApply', 'invoiceIssue', 'invoiceReject', 'invoiceWithdraw', 'invoiceReverse', 'invite', 'promotion'));--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_kind_check" CHECK ("ledger_entry"."kind" in ('topup', 'topupBonus', 'orderPay', 'orderBill', 'settle', 'adjustPay', 'adjustRefund', 'refund', 'bankReceipt', 'groupIn', 'groupOut', 'refundDue', 'inviteReward', 'rebateEarn', 'rebateRelease', 'rebateReverse', 'withdrawRequest', 'withdrawReturn', 'withdrawPaid'));