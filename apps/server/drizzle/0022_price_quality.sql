-- Issue 33 "Quality": a stored value whose day-over-day move is far outside its series' recent
-- behaviour (more than 6 × the 60-day median absolute change) is flagged here by the import that
-- wrote it, until an admin confirms it or corrects it. One open flag per price point at most.
CREATE TABLE "price_suspects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"price_point_id" uuid NOT NULL,
	"value" numeric NOT NULL,
	"previous_date" date NOT NULL,
	"previous_value" numeric NOT NULL,
	"median_change" numeric NOT NULL,
	"import_id" uuid,
	"file" text NOT NULL,
	"source" text NOT NULL,
	"actor" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"flagged_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"corrected_value" numeric,
	CONSTRAINT "price_suspects_status_check" CHECK ("status" IN ('open', 'confirmed', 'corrected', 'superseded')),
	CONSTRAINT "price_suspects_actor_check" CHECK ("actor" IN ('user', 'cli', 'eia-job'))
);
--> statement-breakpoint
ALTER TABLE "price_suspects" ADD CONSTRAINT "price_suspects_price_point_id_price_points_id_fk" FOREIGN KEY ("price_point_id") REFERENCES "public"."price_points"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "price_suspects" ADD CONSTRAINT "price_suspects_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "price_suspects_open_point_idx" ON "price_suspects" USING btree ("price_point_id") WHERE "status" = 'open';
--> statement-breakpoint
CREATE INDEX "price_suspects_point_idx" ON "price_suspects" USING btree ("price_point_id");
--> statement-breakpoint
CREATE INDEX "price_suspects_flagged_idx" ON "price_suspects" USING btree ("flagged_at");
