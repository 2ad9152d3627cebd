ALTER TABLE "products" ADD COLUMN "name_es" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
-- The Spanish names the web catalogue carried until now (locales/es/prices.json), so the products keep them.
UPDATE "products" SET "name_es" = v.name_es FROM (VALUES
	('WTI', 'WTI Cushing'),
	('BRENT', 'Brent'),
	('GASOLINE_NYH', 'Gasolina convencional, Puerto de Nueva York'),
	('GASOLINE_USGC', 'Gasolina convencional, Costa del Golfo'),
	('RBOB_LA', 'RBOB, Los Ángeles'),
	('ULSD_NYH', 'Diésel ULSD, Puerto de Nueva York'),
	('ULSD_USGC', 'Diésel ULSD, Costa del Golfo'),
	('ULSD_LA', 'Diésel ULSD (CARB), Los Ángeles'),
	('HEATING_OIL_NYH', 'Gasóleo de calefacción, Puerto de Nueva York'),
	('JET_USGC', 'Combustible de aviación, Costa del Golfo'),
	('PROPANE_MB', 'Propano, Mont Belvieu'),
	('HENRY_HUB', 'Gas natural Henry Hub'),
	('BRENT_WTI', 'Brent–WTI'),
	('CRACK_321_NYH', 'Crack 3-2-1, puerto de Nueva York'),
	('CRACK_321_USGC', 'Crack 3-2-1, costa del Golfo'),
	('CRACK_GASOLINE_NYH', 'Crack de gasolina, NYH frente a Brent'),
	('CRACK_ULSD_NYH', 'Crack de ULSD, NYH frente a Brent'),
	('CRACK_JET_USGC', 'Crack de jet, Golfo frente a Brent'),
	('ARB_GASOLINE_NYH_USGC', 'Arbitraje de gasolina NYH–Golfo'),
	('ARB_ULSD_LA_USGC', 'Arbitraje de ULSD Los Ángeles–Golfo'),
	('WTI_FUT', 'Futuros de crudo WTI'),
	('RBOB_NYH_FUT', 'Futuros de gasolina RBOB, puerto de Nueva York'),
	('HO_NYH_FUT', 'Futuros de gasóleo de calefacción n.º 2, puerto de Nueva York'),
	('NG_HH_FUT', 'Futuros de gas natural Henry Hub'),
	('PROPANE_MB_FUT', 'Futuros de propano Mont Belvieu')
) AS v(code, name_es) WHERE "products"."code" = v.code;
