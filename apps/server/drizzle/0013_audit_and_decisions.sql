CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"action" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE TABLE "audit_head" (
	"id" smallint PRIMARY KEY NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL,
	"last_hash" text NOT NULL,
	CONSTRAINT "audit_head_single_row" CHECK ("id" = 1)
);
--> statement-breakpoint
INSERT INTO "audit_head" ("id", "last_id", "last_hash") VALUES (1, 0, '0000000000000000000000000000000000000000000000000000000000000000');--> statement-breakpoint
CREATE FUNCTION "audit_entry_hash"(p_prev text, p_id bigint, p_at timestamp with time zone, p_actor_id uuid, p_actor_email text, p_action text, p_subject text, p_details jsonb, p_ip text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT encode(sha256(convert_to(
		p_prev || '|' || p_id::text || '|' || ((extract(epoch from p_at) * 1000000)::bigint)::text || '|' ||
		coalesce(to_json(p_actor_id)::text, 'null') || '|' || coalesce(to_json(p_actor_email)::text, 'null') || '|' ||
		to_json(p_action)::text || '|' || to_json(p_subject)::text || '|' || p_details::text || '|' || coalesce(to_json(p_ip)::text, 'null'),
		'UTF8')), 'hex')
$$;--> statement-breakpoint
CREATE FUNCTION "audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = '42501';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();--> statement-breakpoint
CREATE TABLE "screening_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"subject_name" text NOT NULL,
	"subject_key" text NOT NULL,
	"subject_type" text,
	"entity_id" text NOT NULL,
	"entity_hash" text NOT NULL,
	"version_id" integer,
	"score" double precision NOT NULL,
	"decision" text NOT NULL,
	"note" text NOT NULL,
	"status" text NOT NULL,
	"report_id" uuid,
	"watch_id" uuid,
	"decided_at" timestamp with time zone NOT NULL,
	"approved_by" uuid,
	"approved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "screening_decisions" ADD CONSTRAINT "screening_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_decisions" ADD CONSTRAINT "screening_decisions_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "screening_decisions_lookup_idx" ON "screening_decisions" USING btree ("user_id","subject_key","entity_id","decided_at");--> statement-breakpoint
CREATE INDEX "screening_decisions_status_idx" ON "screening_decisions" USING btree ("status","decided_at");--> statement-breakpoint
ALTER TABLE "due_reports" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "due_reports" ADD COLUMN "previous_id" uuid;--> statement-breakpoint
ALTER TABLE "due_reports" ADD COLUMN "engine_version" text;--> statement-breakpoint
ALTER TABLE "due_reports" ADD COLUMN "threshold" double precision;--> statement-breakpoint
ALTER TABLE "due_reports" ADD COLUMN "rating_history" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "due_reports" ADD CONSTRAINT "due_reports_previous_id_due_reports_id_fk" FOREIGN KEY ("previous_id") REFERENCES "public"."due_reports"("id") ON DELETE set null ON UPDATE no action;
