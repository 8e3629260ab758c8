CREATE TABLE "job" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "job_state_check" CHECK ("job"."state" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "job_attempts_check" CHECK ("job"."attempts" >= 0 and "job"."max_attempts" >= 1)
);
--> statement-breakpoint
CREATE INDEX "job_due_idx" ON "job" USING btree ("run_at","id") WHERE "job"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "job_lease_idx" ON "job" USING btree ("locked_until") WHERE "job"."state" = 'running';--> statement-breakpoint
CREATE INDEX "job_state_idx" ON "job" USING btree ("state","kind","id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_dedupe_pending_idx" ON "job" USING btree ("dedupe_key") WHERE "job"."state" in ('queued', 'running') and "job"."dedupe_key" is not null;