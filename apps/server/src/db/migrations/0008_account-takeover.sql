CREATE TABLE "pow_challenge_used" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_session" ADD COLUMN "successor_id" integer;--> statement-breakpoint
ALTER TABLE "user_session" ADD COLUMN "successor_sealed" text;--> statement-breakpoint
ALTER TABLE "wx_ticket" ADD COLUMN "request_ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "pow_challenge_used_expires_idx" ON "pow_challenge_used" USING btree ("expires_at");