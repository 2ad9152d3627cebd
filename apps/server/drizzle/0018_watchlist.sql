CREATE TABLE "watchlist_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text,
	"country" text,
	"note" text,
	"report_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_screened_at" timestamp with time zone,
	"version_ids" json DEFAULT '[]'::json NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchlist_matches" (
	"item_id" uuid NOT NULL,
	"entity_id" text NOT NULL,
	"source" text NOT NULL,
	"name" text NOT NULL,
	"matched_name" text NOT NULL,
	"score" double precision NOT NULL,
	"version_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_matches_item_id_entity_id_pk" PRIMARY KEY("item_id","entity_id")
);
--> statement-breakpoint
CREATE TABLE "watchlist_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"version_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"added" json NOT NULL,
	"removed" json NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchlist_runs" (
	"item_id" uuid NOT NULL,
	"version_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_runs_item_id_version_id_pk" PRIMARY KEY("item_id","version_id")
);
--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_matches" ADD CONSTRAINT "watchlist_matches_item_id_watchlist_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."watchlist_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_events" ADD CONSTRAINT "watchlist_events_item_id_watchlist_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."watchlist_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_runs" ADD CONSTRAINT "watchlist_runs_item_id_watchlist_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."watchlist_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watchlist_items_user_idx" ON "watchlist_items" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "watchlist_matches_entity_idx" ON "watchlist_matches" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "watchlist_events_item_idx" ON "watchlist_events" USING btree ("item_id","at");
