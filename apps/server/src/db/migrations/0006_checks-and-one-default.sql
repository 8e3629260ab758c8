-- A database that lost the race of two parallel default addresses keeps the newest default of each user.
UPDATE "user_address" SET "is_default" = false WHERE "is_default" AND "id" NOT IN (SELECT max("id") FROM "user_address" WHERE "is_default" GROUP BY "user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_address_one_default_idx" ON "user_address" USING btree ("user_id") WHERE "user_address"."is_default";--> statement-breakpoint
ALTER TABLE "article" ADD CONSTRAINT "article_type_check" CHECK ("article"."type" in ('news', 'course', 'service', 'thanks'));--> statement-breakpoint
ALTER TABLE "device" ADD CONSTRAINT "device_unit_check" CHECK ("device"."unit" in ('sample', 'hour', 'job', 'element'));--> statement-breakpoint
ALTER TABLE "device" ADD CONSTRAINT "device_price_fen_check" CHECK ("device"."price_fen" >= 0);--> statement-breakpoint
ALTER TABLE "site_page" ADD CONSTRAINT "site_page_key_check" CHECK ("site_page"."key" in ('profile', 'culture', 'recruit', 'guide', 'license', 'policy', 'televised', 'require'));--> statement-breakpoint
ALTER TABLE "sms_message" ADD CONSTRAINT "sms_message_status_check" CHECK ("sms_message"."status" in ('sent', 'failed'));--> statement-breakpoint
ALTER TABLE "user_account" ADD CONSTRAINT "user_account_organization_check" CHECK ("user_account"."organization" in (0, 1, 2, 3));--> statement-breakpoint
ALTER TABLE "wx_ticket" ADD CONSTRAINT "wx_ticket_status_check" CHECK ("wx_ticket"."status" in ('waiting', 'scanned', 'confirmed', 'consumed'));--> statement-breakpoint
ALTER TABLE "wx_ticket" ADD CONSTRAINT "wx_ticket_provider_check" CHECK ("wx_ticket"."provider" in ('local', 'official'));