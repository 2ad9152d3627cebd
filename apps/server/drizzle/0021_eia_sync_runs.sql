-- Issue 33 "Sources": every run of the EIA API v2 sync (scheduled, retried or asked for by an admin),
-- so that the data desk shows the last run, the rows it wrote and why a failed one failed (a message
-- key and its parameters, translated when read), never a silent failure.
CREATE TABLE "eia_sync_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"requested_by" uuid,
	"job_id" text,
	"attempt" integer DEFAULT 1 NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"rows_written" integer DEFAULT 0 NOT NULL,
	"error_key" text,
	"error_params" jsonb,
	CONSTRAINT "eia_sync_runs_trigger_check" CHECK ("trigger" IN ('schedule', 'manual')),
	CONSTRAINT "eia_sync_runs_status_check" CHECK ("status" IN ('running', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "eia_sync_runs" ADD CONSTRAINT "eia_sync_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "eia_sync_runs_started_idx" ON "eia_sync_runs" USING btree ("started_at");
