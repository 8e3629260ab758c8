CREATE TABLE "wallet" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"owed_fen" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_owed_check" CHECK ("wallet"."owed_fen" >= 0)
);
--> statement-breakpoint
ALTER TABLE "user_coupon" DROP CONSTRAINT "user_coupon_source_check";--> statement-breakpoint
ALTER TABLE "promoter" DROP CONSTRAINT "promoter_owed_check";--> statement-breakpoint
ALTER TABLE "coupon_template" ADD COLUMN "origin" text;--> statement-breakpoint
-- ADR 0069: invitations written before keep their one-time reward (flat); rebates so far were promoters' and keep
-- the promotion settings' pending days they were earned under.
ALTER TABLE "invite_reward" ADD COLUMN "scheme" text DEFAULT 'flat' NOT NULL;--> statement-breakpoint
ALTER TABLE "invite_reward" ALTER COLUMN "scheme" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "rebate" ADD COLUMN "kind" text DEFAULT 'promoter' NOT NULL;--> statement-breakpoint
ALTER TABLE "rebate" ALTER COLUMN "kind" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "rebate" ADD COLUMN "hold_days" integer;--> statement-breakpoint
UPDATE "rebate" SET "hold_days" = coalesce((SELECT ("value"->>'pendingDays')::integer FROM "setting" WHERE "key" = 'promotion'), 7);--> statement-breakpoint
ALTER TABLE "rebate" ALTER COLUMN "hold_days" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet" ADD CONSTRAINT "wallet_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_template_origin_idx" ON "coupon_template" USING btree ("origin") WHERE "coupon_template"."active" and "coupon_template"."origin" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "user_coupon_invite_idx" ON "user_coupon" USING btree ("user_id") WHERE "user_coupon"."source" = 'invite';--> statement-breakpoint
-- Every promoter who could reach a wallet, everyone who earned or withdrew, keeps it, with what they owed.
INSERT INTO "wallet" ("user_id", "owed_fen", "created_at")
  SELECT "u"."id", coalesce("p"."owed_fen", 0), coalesce("p"."created_at", now())
  FROM "user_account" "u" LEFT JOIN "promoter" "p" ON "p"."user_id" = "u"."id"
  WHERE "p"."state" IN ('approved', 'disabled') OR "p"."owed_fen" > 0
     OR EXISTS (SELECT 1 FROM "rebate" "r" WHERE "r"."promoter_id" = "u"."id")
     OR EXISTS (SELECT 1 FROM "withdrawal" "w" WHERE "w"."user_id" = "u"."id");--> statement-breakpoint
ALTER TABLE "promoter" DROP COLUMN "owed_fen";--> statement-breakpoint
-- The invitation settings become the programme's (ADR 0069): a saved on/off is kept, the rest takes product.md's defaults.
UPDATE "setting" SET "value" = jsonb_build_object(
    'enabled', coalesce("value"->'enabled', 'true'::jsonb), 'rateBp', 800, 'windowMonths', 3, 'holdDays', 15,
    'couponFen', 20000, 'couponThresholdFen', 0, 'couponDays', 30)
  WHERE "key" = 'invite' AND NOT ("value" ? 'rateBp');--> statement-breakpoint
ALTER TABLE "coupon_template" ADD CONSTRAINT "coupon_template_origin_check" CHECK ("coupon_template"."origin" in ('invite'));--> statement-breakpoint
ALTER TABLE "user_coupon" ADD CONSTRAINT "user_coupon_source_check" CHECK ("user_coupon"."source" in ('signup', 'staff', 'invite'));--> statement-breakpoint
ALTER TABLE "invite_reward" ADD CONSTRAINT "invite_reward_scheme_check" CHECK ("invite_reward"."scheme" in ('flat', 'rebate'));--> statement-breakpoint
ALTER TABLE "rebate" ADD CONSTRAINT "rebate_kind_check" CHECK ("rebate"."kind" in ('promoter', 'invite'));--> statement-breakpoint
ALTER TABLE "rebate" ADD CONSTRAINT "rebate_hold_days_check" CHECK ("rebate"."hold_days" >= 0);