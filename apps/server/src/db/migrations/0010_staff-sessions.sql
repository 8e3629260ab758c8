CREATE TABLE "staff_account" (
	"id" serial PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"roles" text[] NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_account_roles_check" CHECK ("staff_account"."roles" <@ array['admin', 'manager', 'lab', 'finance', 'operator']::text[])
);
--> statement-breakpoint
ALTER TABLE "user_session" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_session" ADD COLUMN "staff_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_account_account_lower_idx" ON "staff_account" USING btree (lower("account"));--> statement-breakpoint
ALTER TABLE "user_session" ADD CONSTRAINT "user_session_staff_id_staff_account_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_session_staff_idx" ON "user_session" USING btree ("staff_id");--> statement-breakpoint
ALTER TABLE "user_session" ADD CONSTRAINT "user_session_one_principal_check" CHECK (num_nonnulls("user_session"."user_id", "user_session"."staff_id") = 1);