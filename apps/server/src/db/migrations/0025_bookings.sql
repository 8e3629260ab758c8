CREATE TABLE "booking" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"device_id" integer,
	"rid" text NOT NULL,
	"name" text NOT NULL,
	"instrument" text DEFAULT '' NOT NULL,
	"unit" text NOT NULL,
	"unit_fen" integer NOT NULL,
	"amount_fen" integer,
	"date" text NOT NULL,
	"start_minute" integer NOT NULL,
	"minutes" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'booked' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "booking_state_check" CHECK ("booking"."state" in ('booked', 'checkedIn', 'completed', 'cancelled', 'noShow')),
	CONSTRAINT "booking_unit_check" CHECK ("booking"."unit" in ('sample', 'hour', 'job', 'element')),
	CONSTRAINT "booking_unit_fen_check" CHECK ("booking"."unit_fen" >= 0),
	CONSTRAINT "booking_amount_fen_check" CHECK ("booking"."amount_fen" >= 0),
	CONSTRAINT "booking_minutes_check" CHECK ("booking"."minutes" > 0 and "booking"."minutes" % 30 = 0 and "booking"."start_minute" % 30 = 0)
);
--> statement-breakpoint
CREATE TABLE "booking_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "booking_event_actor_kind_check" CHECK ("booking_event"."actor_kind" in ('staff', 'customer', 'system')),
	CONSTRAINT "booking_event_action_check" CHECK ("booking_event"."action" in ('book', 'cancel', 'checkIn', 'complete', 'noShow')),
	CONSTRAINT "booking_event_from_check" CHECK ("booking_event"."from_state" in ('booked', 'checkedIn', 'completed', 'cancelled', 'noShow')),
	CONSTRAINT "booking_event_to_check" CHECK ("booking_event"."to_state" in ('booked', 'checkedIn', 'completed', 'cancelled', 'noShow'))
);
--> statement-breakpoint
CREATE TABLE "booking_schedule" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"schedule" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_slot" (
	"device_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"booking_id" integer NOT NULL,
	CONSTRAINT "booking_slot_pkey" PRIMARY KEY("device_id","starts_at")
);
--> statement-breakpoint
CREATE TABLE "booking_suspension" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"booking_id" integer
);
--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_event" ADD CONSTRAINT "booking_event_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_schedule" ADD CONSTRAINT "booking_schedule_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_slot" ADD CONSTRAINT "booking_slot_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_slot" ADD CONSTRAINT "booking_slot_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_suspension" ADD CONSTRAINT "booking_suspension_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_suspension" ADD CONSTRAINT "booking_suspension_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_user_starts_idx" ON "booking" USING btree ("user_id","starts_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "booking_user_state_idx" ON "booking" USING btree ("user_id","state","starts_at");--> statement-breakpoint
CREATE INDEX "booking_date_device_idx" ON "booking" USING btree ("date","device_id","start_minute");--> statement-breakpoint
CREATE INDEX "booking_event_booking_idx" ON "booking_event" USING btree ("booking_id","id");--> statement-breakpoint
CREATE INDEX "booking_slot_booking_idx" ON "booking_slot" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_suspension_user_idx" ON "booking_suspension" USING btree ("user_id","ends_at" DESC NULLS FIRST);