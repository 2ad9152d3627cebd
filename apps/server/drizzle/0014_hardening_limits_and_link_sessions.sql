CREATE TABLE "mail_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"subject_id" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_sends" ADD CONSTRAINT "mail_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "mail_sends_user_kind_sent_idx" ON "mail_sends" USING btree ("user_id","kind","sent_at");
--> statement-breakpoint
CREATE INDEX "mail_sends_subject_sent_idx" ON "mail_sends" USING btree ("subject_id","sent_at");
--> statement-breakpoint
CREATE TABLE "bank_link_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"token_kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bank_link_sessions" ADD CONSTRAINT "bank_link_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_link_sessions_token_idx" ON "bank_link_sessions" USING btree ("token_kind","token_hash");
--> statement-breakpoint
CREATE INDEX "bank_link_sessions_expires_idx" ON "bank_link_sessions" USING btree ("expires_at");
