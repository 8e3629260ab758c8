ALTER TABLE "site_page" DROP CONSTRAINT "site_page_key_check";--> statement-breakpoint
ALTER TABLE "user_account" ADD COLUMN "agreed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site_page" ADD CONSTRAINT "site_page_key_check" CHECK ("site_page"."key" in ('profile', 'culture', 'recruit', 'guide', 'license', 'policy', 'televised', 'require', 'certificates'));