ALTER TABLE "device" ADD COLUMN "daily_capacity" integer;--> statement-breakpoint
ALTER TABLE "device" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "device" ADD CONSTRAINT "device_daily_capacity_check" CHECK ("device"."daily_capacity" >= 0);