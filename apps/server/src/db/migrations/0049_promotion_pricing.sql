ALTER TABLE "order_line" ADD COLUMN "promo_fen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_line" ADD COLUMN "promo_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_line" ADD CONSTRAINT "order_line_promo_fen_check" CHECK ("order_line"."promo_fen" >= 0);