import { z } from 'zod';
import { DASHBOARD_MAX_PRODUCTS, ROWS_PER_PAGE_OPTIONS } from '../constants';
import { DASHBOARD_LIMIT_MESSAGE, DASHBOARD_NAME_MAX, DASHBOARD_SLUG_MAX, PRICE_HISTORY_MAX_PRODUCTS, PRICE_MOVERS_MAX, PRICE_PAGE_SIZE_MAX, priceCategories, priceSortFields, productKinds } from './prices-constants';

export * from './prices-constants';

export const priceCategorySchema = z.enum(priceCategories);
export const productKindSchema = z.enum(productKinds);

/** One leg of a spread: value = Σ coefficient × leg value / divisor. */
export const spreadLegSchema = z.object({ code: z.string(), coefficient: z.string() });
export type SpreadLeg = z.infer<typeof spreadLegSchema>;

function isRealDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar date as YYYY-MM-DD that exists (no 2024-02-30). */
export const isoDateSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date written as YYYY-MM-DD.' })
  .refine(isRealDate, { error: 'This date does not exist.' });

export const productCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_]{2,32}$/, { error: 'A product code has 2 to 32 letters, digits or underscores.' });

/** `A,B,C` in a query string → ['A','B','C']. */
const productCodeListSchema = z
  .string()
  .trim()
  .min(1, { error: 'Name at least one product code.' })
  .transform((value) => value.split(',').map((item) => item.trim().toUpperCase()).filter(Boolean))
  .pipe(
    z
      .array(productCodeSchema)
      .min(1, { error: 'Name at least one product code.' })
      .max(PRICE_HISTORY_MAX_PRODUCTS, { error: `Compare at most ${PRICE_HISTORY_MAX_PRODUCTS} products at a time.` })
      .transform((codes) => [...new Set(codes)]),
  );

export const productSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  /** The Spanish name an admin keeps with the English one (null: show the English one). */
  name_es: z.string().nullable(),
  description: z.string(),
  category: priceCategorySchema,
  /** Unit of measure label, e.g. `gal` or `bbl`. */
  unit: z.string(),
  currency: z.string(),
  /** Display units, e.g. `USD/gal`. */
  units: z.string(),
  delivery_mode: z.string(),
  location: z.string(),
  decimal_places: z.number().int(),
  eia_series_id: z.string().nullable(),
  fred_series_id: z.string().nullable(),
  first_date: z.string().nullable(),
  last_date: z.string().nullable(),
  is_demo: z.boolean(),
  kind: productKindSchema,
  /** A spread's formula, e.g. `BRENT − WTI`; null for other kinds. */
  formula: z.string().nullable(),
  /** A spread's legs (empty for other kinds). */
  legs: z.array(spreadLegSchema),
  /** A spread's divisor (1 unless the formula divides), a decimal string. */
  divisor: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productListResponseSchema = z.object({ products: z.array(productSchema) });
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/** SPEC.md §3's market price row, plus percent change, category and provenance. */
export const priceRowSchema = z.object({
  id: z.string(),
  product: z.string(),
  product_name: z.string(),
  /** The product's Spanish name (null: show the English one). */
  product_name_es: z.string().nullable(),
  product_description: z.string(),
  code_id: z.string(),
  category: priceCategorySchema,
  delivery_mode_label: z.string(),
  unit1_label: z.string(),
  unit2_label: z.string(),
  units: z.string(),
  publication_date: z.string(),
  fmt_date: z.string(),
  /** Decimal string, exact as stored. */
  value: z.string(),
  /** Value minus the product's value on its previous publication date; null for the first one. */
  diff_base_value: z.string().nullable(),
  previous_date: z.string().nullable(),
  percent_change: z.number().nullable(),
  forward_period: z.string().nullable(),
  /** The series id in the source repository (EIA series), when known. */
  repository_id: z.string().nullable(),
  decimal_places: z.number().int(),
  create_uid: z.string().nullable(),
  create_date: z.string(),
  write_date: z.string(),
  date_modified: z.string(),
  source: z.string(),
  is_demo: z.boolean(),
  kind: productKindSchema,
  /** A spread's formula (null for other kinds). */
  formula: z.string().nullable(),
  /**
   * The value is flagged suspect (issue 33 "Quality": a move far outside its recent behaviour) and
   * under an admin's review. Always sent by the server (false for spreads, which are computed);
   * optional in the type so that rows built before it existed stay valid.
   */
  suspect: z.boolean().optional(),
});
export type PriceRow = z.infer<typeof priceRowSchema>;


export const listPricesQuerySchema = z.object({
  date: isoDateSchema.optional(),
  category: priceCategorySchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(PRICE_PAGE_SIZE_MAX).default(ROWS_PER_PAGE_OPTIONS[1]),
  sort: z.enum(priceSortFields).default('product_name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ListPricesQuery = z.infer<typeof listPricesQuerySchema>;

export const listPricesResponseSchema = z.object({
  /** The publication date shown (the latest one when none was asked for); null when no prices exist. */
  date: z.string().nullable(),
  latest_date: z.string().nullable(),
  rows: z.array(priceRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  is_demo: z.boolean(),
});
export type ListPricesResponse = z.infer<typeof listPricesResponseSchema>;

export const listPriceDatesQuerySchema = z.object({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
export type ListPriceDatesQuery = z.infer<typeof listPriceDatesQuerySchema>;

export const priceDatesResponseSchema = z.object({
  dates: z.array(z.string()),
  earliest: z.string().nullable(),
  latest: z.string().nullable(),
});
export type PriceDatesResponse = z.infer<typeof priceDatesResponseSchema>;

/** Bounds of GET /prices/history's max_points (a chart asks for about two points per pixel of its width). */
export const MIN_HISTORY_POINTS = 4;
export const MAX_HISTORY_POINTS = 10_000;

export const priceHistoryQuerySchema = z.object({
  codes: productCodeListSchema,
  /** Defaults to one year before `to`. */
  from: isoDateSchema.optional(),
  /** Defaults to the latest publication date. */
  to: isoDateSchema.optional(),
  /**
   * At most this many points per series: the first and the last, and the range cut into (max_points - 2) / 2
   * equal spans of time, each keeping its lowest and its highest point (a spike survives). Without it, every point.
   */
  max_points: z.coerce
    .number()
    .int()
    .min(MIN_HISTORY_POINTS)
    .max(MAX_HISTORY_POINTS)
    .optional()
    .describe(
      `Downsample each series to at most this many points (${MIN_HISTORY_POINTS}–${MAX_HISTORY_POINTS}): the first and last points, and the lowest and highest point of each of (max_points - 2)/2 equal time spans. Default: every point.`,
    ),
});
export type PriceHistoryQuery = z.infer<typeof priceHistoryQuerySchema>;

export const historyPointSchema = z.object({
  date: z.string(),
  value: z.string(),
  diff_base_value: z.string().nullable(),
});
export type HistoryPoint = z.infer<typeof historyPointSchema>;

export const historySeriesSchema = z.object({
  code: z.string(),
  name: z.string(),
  category: priceCategorySchema,
  units: z.string(),
  decimal_places: z.number().int(),
  is_demo: z.boolean(),
  kind: productKindSchema,
  formula: z.string().nullable(),
  points: z.array(historyPointSchema),
});
export type HistorySeries = z.infer<typeof historySeriesSchema>;

export const priceHistoryResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  series: z.array(historySeriesSchema),
  is_demo: z.boolean(),
});
export type PriceHistoryResponse = z.infer<typeof priceHistoryResponseSchema>;

export const priceMoversQuerySchema = z.object({
  date: isoDateSchema.optional(),
  limit: z.coerce.number().int().min(1).max(PRICE_MOVERS_MAX).default(5),
});
export type PriceMoversQuery = z.infer<typeof priceMoversQuerySchema>;

export const priceMoversResponseSchema = z.object({
  date: z.string().nullable(),
  gainers: z.array(priceRowSchema),
  losers: z.array(priceRowSchema),
  is_demo: z.boolean(),
});
export type PriceMoversResponse = z.infer<typeof priceMoversResponseSchema>;

export const priceSummaryQuerySchema = z.object({ date: isoDateSchema.optional() });
export type PriceSummaryQuery = z.infer<typeof priceSummaryQuerySchema>;

export const categorySummarySchema = z.object({
  category: priceCategorySchema,
  count: z.number().int(),
  units: z.string(),
  /** Average value of the category's products on the date (decimal string). */
  average: z.string(),
  /** Average of the products' changes against their previous publication (decimal string). */
  average_change: z.string().nullable(),
  average_percent_change: z.number().nullable(),
  advancers: z.number().int(),
  decliners: z.number().int(),
});
export type CategorySummary = z.infer<typeof categorySummarySchema>;

export const priceSummaryResponseSchema = z.object({
  date: z.string().nullable(),
  categories: z.array(categorySummarySchema),
  is_demo: z.boolean(),
});
export type PriceSummaryResponse = z.infer<typeof priceSummaryResponseSchema>;

/** The daily table's filters, or (with `codes`) the history's; always CSV. */
export const exportPricesQuerySchema = z.object({
  format: z.literal('csv', { error: 'Only format=csv is available.' }).default('csv'),
  date: isoDateSchema.optional(),
  category: priceCategorySchema.optional(),
  sort: z.enum(priceSortFields).default('product_name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  codes: productCodeListSchema.optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
export type ExportPricesQuery = z.infer<typeof exportPricesQuerySchema>;

export const dashboardSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(DASHBOARD_SLUG_MAX)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'A slug uses lower-case letters, digits and single hyphens.' });

export const dashboardProductCodesSchema = z
  .array(productCodeSchema)
  .max(DASHBOARD_MAX_PRODUCTS, { error: DASHBOARD_LIMIT_MESSAGE })
  .refine((codes) => new Set(codes).size === codes.length, { error: 'A product appears twice in this dashboard.' });

export const dashboardSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  product_codes: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const dashboardListResponseSchema = z.object({ dashboards: z.array(dashboardSchema) });
export type DashboardListResponse = z.infer<typeof dashboardListResponseSchema>;

export const createDashboardBodySchema = z.object({
  name: z.string().trim().min(1, { error: 'Please provide a name.' }).max(DASHBOARD_NAME_MAX),
  /** Derived from the name when absent. */
  slug: dashboardSlugSchema.optional(),
  product_codes: dashboardProductCodesSchema.default([]),
});
export type CreateDashboardBody = z.input<typeof createDashboardBodySchema>;

export const updateDashboardBodySchema = z
  .object({
    name: z.string().trim().min(1, { error: 'Please provide a name.' }).max(DASHBOARD_NAME_MAX).optional(),
    slug: dashboardSlugSchema.optional(),
    product_codes: dashboardProductCodesSchema.optional(),
  })
  .refine((body) => body.name !== undefined || body.slug !== undefined || body.product_codes !== undefined, {
    error: 'Nothing to change.',
  });
export type UpdateDashboardBody = z.input<typeof updateDashboardBodySchema>;

export const dashboardParamsSchema = z.object({ id: z.uuid({ error: 'Unknown dashboard.' }) });

export const importRejectedLineSchema = z.object({ line: z.number().int(), reason: z.string() });
export type ImportRejectedLine = z.infer<typeof importRejectedLineSchema>;

export const importReportSchema = z.object({
  file: z.string(),
  /** eia-date-price, fred-date-value, fred-observation, generic-csv, eia-workbook, eia-csv-download or eia-api. */
  format: z.string(),
  product_codes: z.array(z.string()),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
  /** Empty or `.` values: days without an observation, not errors. */
  skipped_blank: z.number().int(),
  /** Generated demo values of these products replaced by real ones. */
  demo_removed: z.number().int(),
  /** Values stored but flagged suspect for an administrator's review (a move far outside the product's recent behaviour). */
  suspect: z.number().int(),
  rejected_lines: z.array(importRejectedLineSchema),
  refused: z.boolean(),
  refusal_reason: z.string().nullable(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const importPricesQuerySchema = z.object({
  /** The file name decides the series for `Date,Price` and `DATE,VALUE` files. */
  filename: z.string().trim().min(1).max(200).default('upload.csv'),
  /** Refuse the whole file when any row is malformed instead of skipping those rows. */
  strict: z
    .enum(['true', 'false', '1', '0'])
    .transform((value) => value === 'true' || value === '1')
    .default(false),
});
export type ImportPricesQuery = z.infer<typeof importPricesQuerySchema>;
