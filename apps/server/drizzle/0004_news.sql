CREATE TABLE "news_articles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "news_articles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"source_name" text NOT NULL,
	"source_url" text NOT NULL,
	"feed_url" text,
	"guid" text,
	"image_url" text,
	"author" text,
	"language" text DEFAULT 'en' NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"translation_failed_at" timestamp with time zone,
	"is_demo" boolean DEFAULT false NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, case when language = 'en' then coalesce(title, '') else '' end || ' ' || coalesce(translations -> 'en' ->> 'title', '')), 'A')
  || setweight(to_tsvector('english'::regconfig, case when language = 'en' then coalesce(summary, '') else '' end || ' ' || coalesce(translations -> 'en' ->> 'summary', '')), 'B')
  || setweight(to_tsvector('english'::regconfig, case when language = 'en' then coalesce(body_html, '') else '' end), 'C')
  || setweight(to_tsvector('spanish'::regconfig, case when language = 'es' then coalesce(title, '') else '' end || ' ' || coalesce(translations -> 'es' ->> 'title', '')), 'A')
  || setweight(to_tsvector('spanish'::regconfig, case when language = 'es' then coalesce(summary, '') else '' end || ' ' || coalesce(translations -> 'es' ->> 'summary', '')), 'B')
  || setweight(to_tsvector('spanish'::regconfig, case when language = 'es' then coalesce(body_html, '') else '' end), 'C')
  || setweight(to_tsvector('simple'::regconfig, coalesce(title, '') || ' ' || coalesce(translations -> 'en' ->> 'title', '') || ' ' || coalesce(translations -> 'es' ->> 'title', '')), 'A')
  || setweight(to_tsvector('simple'::regconfig, coalesce(summary, '') || ' ' || coalesce(source_name, '')), 'B')
) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_feeds" (
	"url" text PRIMARY KEY NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_fetched_at" timestamp with time zone,
	"last_status" text,
	"last_error" text,
	"items_added" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "news_articles_slug_idx" ON "news_articles" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "news_articles_source_url_idx" ON "news_articles" USING btree ("source_url");--> statement-breakpoint
CREATE UNIQUE INDEX "news_articles_feed_guid_idx" ON "news_articles" USING btree ("feed_url","guid") WHERE guid is not null;--> statement-breakpoint
CREATE INDEX "news_articles_published_idx" ON "news_articles" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "news_articles_category_published_idx" ON "news_articles" USING btree ("category","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "news_articles_search_idx" ON "news_articles" USING gin ("search_vector");