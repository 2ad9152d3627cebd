CREATE TABLE "sanctions_downloads" (
	"url" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"checked_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "sanctions_list_chunks" (
	"version_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"entities" json NOT NULL,
	CONSTRAINT "sanctions_list_chunks_version_id_seq_pk" PRIMARY KEY("version_id","seq")
);
--> statement-breakpoint
CREATE TABLE "sanctions_list_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sanctions_list_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"published_at" timestamp with time zone,
	"entries" integer NOT NULL,
	"names" integer NOT NULL,
	"content_hash" text NOT NULL,
	"origin" text NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sanctions_list_chunks" ADD CONSTRAINT "sanctions_list_chunks_version_id_sanctions_list_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."sanctions_list_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sanctions_list_versions_source_hash_idx" ON "sanctions_list_versions" USING btree ("source","content_hash");--> statement-breakpoint
CREATE INDEX "sanctions_list_versions_source_id_idx" ON "sanctions_list_versions" USING btree ("source","id");