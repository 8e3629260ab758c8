CREATE TABLE "invite_reward" (
	"id" serial PRIMARY KEY NOT NULL,
	"invitee_id" integer NOT NULL,
	"inviter_id" integer NOT NULL,
	"order_id" integer,
	"state" text NOT NULL,
	"inviter_fen" integer NOT NULL,
	"invitee_fen" integer NOT NULL,
	"suspects" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "invite_reward_invitee_id_unique" UNIQUE("invitee_id"),
	CONSTRAINT "invite_reward_state_check" CHECK ("invite_reward"."state" in ('granted', 'withheld', 'refused', 'off')),
	CONSTRAINT "invite_reward_inviter_fen_check" CHECK ("invite_reward"."inviter_fen" >= 0),
	CONSTRAINT "invite_reward_invitee_fen_check" CHECK ("invite_reward"."invitee_fen" >= 0),
	CONSTRAINT "invite_reward_not_self_check" CHECK ("invite_reward"."invitee_id" <> "invite_reward"."inviter_id")
);
--> statement-breakpoint
ALTER TABLE "message" DROP CONSTRAINT "message_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_entry" DROP CONSTRAINT "ledger_entry_kind_check";--> statement-breakpoint
ALTER TABLE "login_event" ADD COLUMN "device_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invite_reward" ADD CONSTRAINT "invite_reward_invitee_id_user_account_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."user_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_reward" ADD CONSTRAINT "invite_reward_inviter_id_user_account_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."user_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_reward" ADD CONSTRAINT "invite_reward_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_reward" ADD CONSTRAINT "invite_reward_staff_id_staff_account_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invite_reward_inviter_idx" ON "invite_reward" USING btree ("inviter_id","id");--> statement-breakpoint
CREATE INDEX "invite_reward_state_idx" ON "invite_reward" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "login_event_device_idx" ON "login_event" USING btree ("device_id") WHERE "login_event"."device_id" <> '';--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_kind_check" CHECK ("message"."kind" in ('quote', 'receive', 'deliver', 'pay', 'markOverdue', 'cancel', 'evaluationReply', 'pickupAssign', 'cluster', 'invoiceApply', 'invoiceIssue', 'invoiceReject', 'invoiceWithdraw', 'invoiceReverse', 'invite'));--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_kind_check" CHECK ("ledger_entry"."kind" in ('topup', 'topupBonus', 'orderPay', 'orderBill', 'settle', 'adjustPay', 'adjustRefund', 'refund', 'bankReceipt', 'groupIn', 'groupOut', 'refundDue', 'inviteReward'));