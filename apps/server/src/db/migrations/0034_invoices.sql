CREATE TABLE "invoice_application" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"state" text NOT NULL,
	"kind" integer NOT NULL,
	"title_id" integer,
	"title" jsonb NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"mail_to" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"amount_fen" integer NOT NULL,
	"invoice_no" text,
	"invoice_date" text DEFAULT '' NOT NULL,
	"pdf_key" text,
	"pdf_name" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"decided_by" integer,
	"decided_by_name" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoice_application_state_check" CHECK ("invoice_application"."state" in ('applied', 'issued', 'rejected', 'withdrawn', 'reversed')),
	CONSTRAINT "invoice_application_kind_check" CHECK ("invoice_application"."kind" in (1, 3, 2, 4)),
	CONSTRAINT "invoice_application_amount_check" CHECK ("invoice_application"."amount_fen" > 0),
	CONSTRAINT "invoice_application_issued_check" CHECK ("invoice_application"."state" not in ('issued', 'reversed') or ("invoice_application"."invoice_no" is not null and "invoice_application"."pdf_key" is not null)),
	CONSTRAINT "invoice_application_reason_check" CHECK ("invoice_application"."state" not in ('rejected', 'reversed') or "invoice_application"."reason" <> '')
);
--> statement-breakpoint
CREATE TABLE "invoice_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"label" text NOT NULL,
	"amount_fen" integer NOT NULL,
	CONSTRAINT "invoice_line_source_kind_check" CHECK ("invoice_line"."source_kind" in ('order', 'topup')),
	CONSTRAINT "invoice_line_amount_check" CHECK ("invoice_line"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_title" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" integer NOT NULL,
	"holder" text NOT NULL,
	"name" text NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"register_address" text DEFAULT '' NOT NULL,
	"register_phone" text DEFAULT '' NOT NULL,
	"bank" text DEFAULT '' NOT NULL,
	"bank_account" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"address_rid" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoice_title_kind_check" CHECK ("invoice_title"."kind" in (1, 3, 2, 4)),
	CONSTRAINT "invoice_title_holder_check" CHECK ("invoice_title"."holder" in ('company', 'person'))
);
--> statement-breakpoint
ALTER TABLE "message" DROP CONSTRAINT "message_kind_check";--> statement-breakpoint
ALTER TABLE "invoice_application" ADD CONSTRAINT "invoice_application_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_application" ADD CONSTRAINT "invoice_application_title_id_invoice_title_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."invoice_title"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_application" ADD CONSTRAINT "invoice_application_decided_by_staff_account_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line" ADD CONSTRAINT "invoice_line_application_id_invoice_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."invoice_application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_title" ADD CONSTRAINT "invoice_title_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_application_user_idx" ON "invoice_application" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoice_application_state_idx" ON "invoice_application" USING btree ("state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_application_invoice_no_idx" ON "invoice_application" USING btree ("invoice_no") WHERE "invoice_application"."invoice_no" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_line_application_source_idx" ON "invoice_line" USING btree ("application_id","source_kind","source_id");--> statement-breakpoint
CREATE INDEX "invoice_line_source_idx" ON "invoice_line" USING btree ("source_kind","source_id");--> statement-breakpoint
CREATE INDEX "invoice_title_user_idx" ON "invoice_title" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_title_one_default_idx" ON "invoice_title" USING btree ("user_id") WHERE "invoice_title"."is_default";--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_kind_check" CHECK ("message"."kind" in ('quote', 'receive', 'deliver', 'pay', 'markOverdue', 'cancel', 'evaluationReply', 'pickupAssign', 'cluster', 'invoiceApply', 'invoiceIssue', 'invoiceReject', 'invoiceWithdraw', 'invoiceReverse'));