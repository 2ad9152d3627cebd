CREATE TABLE "due_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"form" jsonb NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"findings" jsonb,
	"content" text DEFAULT '' NOT NULL,
	"llm_prompt" text,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "due_reports" ADD CONSTRAINT "due_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "due_reports_user_created_idx" ON "due_reports" USING btree ("user_id","created_at");