CREATE TABLE "rate_counter" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"purpose" integer NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_message" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"purpose" integer NOT NULL,
	"provider" text NOT NULL,
	"content" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_account" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"username" text,
	"password_hash" text,
	"invite_code" text NOT NULL,
	"inviter_id" integer,
	"wx_openid" text,
	"name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"organization" integer,
	"company" text DEFAULT '' NOT NULL,
	"teacher" text DEFAULT '' NOT NULL,
	"teacher_phone" text DEFAULT '' NOT NULL,
	"teacher_mail" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"attested" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_account_phone_unique" UNIQUE("phone"),
	CONSTRAINT "user_account_invite_code_unique" UNIQUE("invite_code"),
	CONSTRAINT "user_account_wx_openid_unique" UNIQUE("wx_openid")
);
--> statement-breakpoint
CREATE TABLE "user_address" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"province" text NOT NULL,
	"city" text NOT NULL,
	"area" text NOT NULL,
	"address" text NOT NULL,
	"address_code" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_address_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "user_session" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"family" text NOT NULL,
	"access_hash" text NOT NULL,
	"refresh_hash" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_session_access_hash_unique" UNIQUE("access_hash"),
	CONSTRAINT "user_session_refresh_hash_unique" UNIQUE("refresh_hash")
);
--> statement-breakpoint
CREATE TABLE "wx_access_token" (
	"app_id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wx_ticket" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket" text NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"openid" text,
	"need_bind" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wx_ticket_ticket_unique" UNIQUE("ticket")
);
--> statement-breakpoint
ALTER TABLE "user_address" ADD CONSTRAINT "user_address_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_session" ADD CONSTRAINT "user_session_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wx_ticket" ADD CONSTRAINT "wx_ticket_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_counter_expires_idx" ON "rate_counter" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sms_code_phone_idx" ON "sms_code" USING btree ("phone","purpose","id");--> statement-breakpoint
CREATE INDEX "sms_message_phone_idx" ON "sms_message" USING btree ("phone","id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_account_username_lower_idx" ON "user_account" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "user_account_inviter_idx" ON "user_account" USING btree ("inviter_id");--> statement-breakpoint
CREATE INDEX "user_address_user_idx" ON "user_address" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_session_family_idx" ON "user_session" USING btree ("family");--> statement-breakpoint
CREATE INDEX "user_session_user_idx" ON "user_session" USING btree ("user_id");