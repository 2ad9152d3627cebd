CREATE TABLE "dashboards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"product_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"publication_date" date NOT NULL,
	"forward_period" text DEFAULT '' NOT NULL,
	"value" numeric NOT NULL,
	"source" text NOT NULL,
	"imported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"unit" text NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"delivery_mode" text NOT NULL,
	"location" text NOT NULL,
	"decimal_places" integer DEFAULT 2 NOT NULL,
	"eia_series_id" text,
	"fred_series_id" text,
	"source" text DEFAULT 'eia' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_code_unique" UNIQUE("code"),
	CONSTRAINT "products_eia_series_id_unique" UNIQUE("eia_series_id"),
	CONSTRAINT "products_fred_series_id_unique" UNIQUE("fred_series_id")
);
--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_points" ADD CONSTRAINT "price_points_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_points" ADD CONSTRAINT "price_points_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dashboards_user_slug_idx" ON "dashboards" USING btree ("user_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "price_points_product_date_period_idx" ON "price_points" USING btree ("product_id","forward_period","publication_date");--> statement-breakpoint
CREATE INDEX "price_points_date_idx" ON "price_points" USING btree ("publication_date");--> statement-breakpoint
INSERT INTO "products" ("code", "name", "description", "category", "unit", "currency", "delivery_mode", "location", "decimal_places", "eia_series_id", "fred_series_id", "source", "sort_order") VALUES
	('WTI', 'WTI Cushing', 'West Texas Intermediate crude oil, spot price FOB Cushing, Oklahoma', 'crude', 'bbl', 'USD', 'Spot FOB', 'Cushing, OK', 2, 'RWTC', 'DCOILWTICO', 'eia', 10),
	('BRENT', 'Brent', 'Europe Brent crude oil, spot price FOB', 'crude', 'bbl', 'USD', 'Spot FOB', 'Europe', 2, 'RBRTE', 'DCOILBRENTEU', 'eia', 20),
	('GASOLINE_NYH', 'NY Harbor conventional gasoline', 'New York Harbor conventional gasoline, regular, spot price FOB', 'gasoline', 'gal', 'USD', 'Spot FOB', 'New York Harbor', 3, 'EER_EPMRU_PF4_Y35NY_DPG', 'DGASNYH', 'eia', 30),
	('GASOLINE_USGC', 'Gulf Coast conventional gasoline', 'U.S. Gulf Coast conventional gasoline, regular, spot price FOB', 'gasoline', 'gal', 'USD', 'Spot FOB', 'U.S. Gulf Coast', 3, 'EER_EPMRU_PF4_RGC_DPG', 'DGASUSGULF', 'eia', 40),
	('RBOB_LA', 'Los Angeles RBOB', 'Los Angeles reformulated RBOB regular gasoline, spot price', 'gasoline', 'gal', 'USD', 'Spot', 'Los Angeles, CA', 3, 'EER_EPMRR_PF4_Y05LA_DPG', 'DRGASLA', 'eia', 50),
	('ULSD_NYH', 'NY Harbor ULSD', 'New York Harbor ultra-low sulfur No. 2 diesel, spot price', 'diesel', 'gal', 'USD', 'Spot', 'New York Harbor', 3, 'EER_EPD2DXL0_PF4_Y35NY_DPG', 'DDFUELNYH', 'eia', 60),
	('ULSD_USGC', 'Gulf Coast ULSD', 'U.S. Gulf Coast ultra-low sulfur No. 2 diesel, spot price', 'diesel', 'gal', 'USD', 'Spot', 'U.S. Gulf Coast', 3, 'EER_EPD2DXL0_PF4_RGC_DPG', 'DDFUELUSGULF', 'eia', 70),
	('ULSD_LA', 'Los Angeles ULSD (CARB)', 'Los Angeles ultra-low sulfur CARB diesel, spot price', 'diesel', 'gal', 'USD', 'Spot', 'Los Angeles, CA', 3, 'EER_EPD2DC_PF4_Y05LA_DPG', 'DDFUELLA', 'eia', 80),
	('HEATING_OIL_NYH', 'NY Harbor heating oil', 'New York Harbor No. 2 heating oil, spot price FOB', 'heating-oil', 'gal', 'USD', 'Spot FOB', 'New York Harbor', 3, 'EER_EPD2F_PF4_Y35NY_DPG', 'DHOILNYH', 'eia', 90),
	('JET_USGC', 'Gulf Coast jet fuel', 'U.S. Gulf Coast kerosene-type jet fuel, spot price FOB', 'jet-fuel', 'gal', 'USD', 'Spot FOB', 'U.S. Gulf Coast', 3, 'EER_EPJK_PF4_RGC_DPG', 'DJFUELUSGULF', 'eia', 100),
	('PROPANE_MB', 'Mont Belvieu propane', 'Mont Belvieu, Texas propane, spot price FOB', 'propane', 'gal', 'USD', 'Spot FOB', 'Mont Belvieu, TX', 3, 'EER_EPLLPA_PF4_Y44MB_DPG', 'DPROPANEMBTX', 'eia', 110)
ON CONFLICT ("code") DO NOTHING;
