CREATE TABLE "idempotency_key" (
	"owner" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_key_owner_key_pk" PRIMARY KEY("owner","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_account" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"owner_id" integer,
	"balance_fen" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_account_key_unique" UNIQUE("key"),
	CONSTRAINT "ledger_account_kind_check" CHECK ("ledger_account"."kind" in ('prestore', 'group', 'wallet', 'walletPending', 'revenue', 'receivable', 'gateway', 'bank', 'refunds', 'coupon', 'points', 'bonus', 'rebate', 'payout')),
	CONSTRAINT "ledger_account_balance_check" CHECK ("ledger_account"."balance_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"memo" text NOT NULL,
	"user_id" integer,
	"order_id" integer,
	"topup_id" integer,
	"staff_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entry_kind_check" CHECK ("ledger_entry"."kind" in ('topup', 'topupBonus', 'orderPay', 'orderBill', 'settle', 'adjustPay', 'adjustRefund', 'refund', 'bankReceipt'))
);
--> statement-breakpoint
CREATE TABLE "ledger_line" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"balance_after_fen" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_line_amount_check" CHECK ("ledger_line"."amount_fen" <> 0)
);
--> statement-breakpoint
CREATE TABLE "topup" (
	"id" serial PRIMARY KEY NOT NULL,
	"no" text NOT NULL,
	"user_id" integer NOT NULL,
	"method" text NOT NULL,
	"gateway" text,
	"amount_fen" integer NOT NULL,
	"bonus_fen" integer DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"payer" text DEFAULT '' NOT NULL,
	"receipt_key" text DEFAULT '' NOT NULL,
	"want_invoice" boolean DEFAULT false NOT NULL,
	"pay_order_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"gateway_trade_no" text,
	"callback" jsonb,
	"note" text DEFAULT '' NOT NULL,
	"staff_id" integer,
	"expires_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "topup_no_unique" UNIQUE("no"),
	CONSTRAINT "topup_method_check" CHECK ("topup"."method" in ('online', 'transfer')),
	CONSTRAINT "topup_state_check" CHECK ("topup"."state" in ('pending', 'credited', 'rejected', 'closed')),
	CONSTRAINT "topup_gateway_check" CHECK ("topup"."gateway" in ('local', 'alipay', 'wechat')),
	CONSTRAINT "topup_amount_check" CHECK ("topup"."amount_fen" > 0),
	CONSTRAINT "topup_bonus_check" CHECK ("topup"."bonus_fen" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_staff_id_staff_account_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_line" ADD CONSTRAINT "ledger_line_entry_id_ledger_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_line" ADD CONSTRAINT "ledger_line_account_id_ledger_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup" ADD CONSTRAINT "topup_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup" ADD CONSTRAINT "topup_staff_id_staff_account_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_key_created_idx" ON "idempotency_key" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_entry_order_idx" ON "ledger_entry" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ledger_entry_created_idx" ON "ledger_entry" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_line_entry_idx" ON "ledger_line" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_line_account_idx" ON "ledger_line" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "topup_user_idx" ON "topup" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "topup_state_idx" ON "topup" USING btree ("state","id");