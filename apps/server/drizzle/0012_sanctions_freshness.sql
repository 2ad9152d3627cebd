ALTER TABLE "sanctions_list_versions" ADD COLUMN "published_at_source" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
UPDATE "sanctions_list_versions" SET "published_at_source" = 'file' WHERE "published_at" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "sanctions_source_status" (
	"source" text PRIMARY KEY NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_changed_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"stale" boolean,
	"stale_since" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sanctions_list_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sanctions_list_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"version_id" text,
	"published_at" timestamp with time zone,
	"details" json,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sanctions_list_events_pending_idx" ON "sanctions_list_events" USING btree ("notified_at","id");
