CREATE TABLE "cluster" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"institution" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner_id" integer NOT NULL,
	"member_count" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "cluster_name_check" CHECK (char_length("cluster"."name") between 1 and 40),
	CONSTRAINT "cluster_institution_check" CHECK (char_length("cluster"."institution") between 1 and 64),
	CONSTRAINT "cluster_description_check" CHECK (char_length("cluster"."description") <= 500),
	CONSTRAINT "cluster_member_count_check" CHECK ("cluster"."member_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cluster_member" (
	"id" serial PRIMARY KEY NOT NULL,
	"cluster_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"state" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"limit_fen" integer DEFAULT 0 NOT NULL,
	"spent_fen" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"joined_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "cluster_member_role_check" CHECK ("cluster_member"."role" in ('owner', 'member')),
	CONSTRAINT "cluster_member_state_check" CHECK ("cluster_member"."state" in ('applied', 'member', 'refused', 'removed', 'left')),
	CONSTRAINT "cluster_member_owner_state_check" CHECK ("cluster_member"."role" = 'member' or "cluster_member"."state" in ('member', 'left')),
	CONSTRAINT "cluster_member_message_check" CHECK (char_length("cluster_member"."message") <= 200),
	CONSTRAINT "cluster_member_limit_fen_check" CHECK ("cluster_member"."limit_fen" >= 0),
	CONSTRAINT "cluster_member_spent_fen_check" CHECK ("cluster_member"."spent_fen" >= 0)
);
--> statement-breakpoint
ALTER TABLE "message" DROP CONSTRAINT "message_kind_check";--> statement-breakpoint
ALTER TABLE "cluster" ADD CONSTRAINT "cluster_owner_id_user_account_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_member" ADD CONSTRAINT "cluster_member_cluster_id_cluster_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."cluster"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_member" ADD CONSTRAINT "cluster_member_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cluster_name_live_idx" ON "cluster" USING btree (lower("name")) WHERE "cluster"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "cluster_owner_live_idx" ON "cluster" USING btree ("owner_id") WHERE "cluster"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "cluster_live_created_idx" ON "cluster" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "cluster"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "cluster_member_live_idx" ON "cluster_member" USING btree ("cluster_id","user_id") WHERE "cluster_member"."state" in ('applied', 'member');--> statement-breakpoint
CREATE UNIQUE INDEX "cluster_member_owner_idx" ON "cluster_member" USING btree ("cluster_id") WHERE "cluster_member"."role" = 'owner' and "cluster_member"."state" = 'member';--> statement-breakpoint
CREATE INDEX "cluster_member_cluster_idx" ON "cluster_member" USING btree ("cluster_id","state","id");--> statement-breakpoint
CREATE INDEX "cluster_member_user_idx" ON "cluster_member" USING btree ("user_id","state","id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_kind_check" CHECK ("message"."kind" in ('quote', 'receive', 'deliver', 'pay', 'markOverdue', 'cancel', 'evaluationReply', 'pickupAssign', 'cluster'));