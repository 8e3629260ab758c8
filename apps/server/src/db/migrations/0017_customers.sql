CREATE TABLE "login_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"method" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	CONSTRAINT "login_event_method_check" CHECK ("login_event"."method" in ('password', 'sms', 'wechat', 'register'))
);
--> statement-breakpoint
CREATE TABLE "manager_rotation" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_staff_id" integer,
	CONSTRAINT "manager_rotation_one_row_check" CHECK ("manager_rotation"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "staff_account" ADD COLUMN "wechat_qr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_account" ADD COLUMN "attestation_state" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_account" ADD COLUMN "attestation_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_account" ADD COLUMN "attestation_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_account" ADD COLUMN "disabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_account" ADD COLUMN "manager_id" integer;--> statement-breakpoint
ALTER TABLE "login_event" ADD CONSTRAINT "login_event_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_rotation" ADD CONSTRAINT "manager_rotation_last_staff_id_staff_account_id_fk" FOREIGN KEY ("last_staff_id") REFERENCES "public"."staff_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_event_user_idx" ON "login_event" USING btree ("user_id","at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "user_account" ADD CONSTRAINT "user_account_manager_id_staff_account_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."staff_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_account_created_idx" ON "user_account" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_account_manager_created_idx" ON "user_account" USING btree ("manager_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_account_attestation_created_idx" ON "user_account" USING btree ("attestation_state","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_account_phone_prefix_idx" ON "user_account" USING btree ("phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "user_account_name_prefix_idx" ON "user_account" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "user_account_company_prefix_idx" ON "user_account" USING btree (lower("company") text_pattern_ops);--> statement-breakpoint
ALTER TABLE "user_account" ADD CONSTRAINT "user_account_attestation_state_check" CHECK ("user_account"."attestation_state" in ('none', 'pending', 'approved', 'rejected'));