CREATE TABLE "staff_recovery_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_setup_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_setup_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "staff_account" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "staff_account" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "staff_account" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "staff_account" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_recovery_code" ADD CONSTRAINT "staff_recovery_code_staff_id_staff_account_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_recovery_code_staff_idx" ON "staff_recovery_code" USING btree ("staff_id","code_hash");