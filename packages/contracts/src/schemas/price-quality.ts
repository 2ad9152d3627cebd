import { z } from 'zod';
import { defineMessages } from '../messages';

// The data desk's quality checks (issue 33 "Quality", admin): suspect values flagged by the import
// that wrote them (/admin/prices/suspects) and the business days a spot series is missing
// (/admin/prices/missing-days).

export const priceQualityMessages = defineMessages('priceQuality', {
  badValue: 'Enter the right value as a number, e.g. 71.25.',
  negativeValue: 'The right value cannot be negative.',
  badId: 'This is not the id of a suspect value.',
  notFound: 'No suspect value with this id.',
  alreadyReviewed: 'This value was already reviewed.',
});

export const priceSuspectStatuses = ['open', 'confirmed', 'corrected', 'superseded'] as const;
export type PriceSuspectStatus = (typeof priceSuspectStatuses)[number];

export const PRICE_SUSPECTS_PAGE_SIZE_MAX = 100;

/** GET /admin/prices/suspects: the open ones (default) or every one. */
export const priceSuspectsQuerySchema = z.object({
  status: z.enum(['open', 'all']).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(PRICE_SUSPECTS_PAGE_SIZE_MAX).default(25),
});
export type PriceSuspectsQuery = z.infer<typeof priceSuspectsQuerySchema>;

/** The path's id; checked by the service, so a malformed one gets the same worded 400 as a bad value. */
export const priceSuspectParamsSchema = z.object({ id: z.string().max(100) });

/** The right value written as text: a non-negative decimal with a point (`71.25`). */
export const correctedValueTextSchema = z
  .string()
  .regex(/^-?\d{1,12}(\.\d{1,8})?$/, { error: priceQualityMessages.badValue })
  .refine((value) => !value.startsWith('-'), { error: priceQualityMessages.negativeValue });

/** The right value: a non-negative decimal, as a number or a string (`71.25`). */
export const correctedValueSchema = z
  .union([z.number(), z.string()], { error: priceQualityMessages.badValue })
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .pipe(correctedValueTextSchema);

/** POST /admin/prices/suspects/{id}/correct (the service checks `value` with correctedValueSchema). */
export const correctSuspectBodySchema = z.object({ value: z.unknown().optional().describe('The right value, a non-negative decimal (number or string)') });
export type CorrectSuspectBody = { value: number | string };

export const priceSuspectSchema = z.object({
  id: z.string(),
  status: z.enum(priceSuspectStatuses),
  product_code: z.string(),
  product_name: z.string(),
  product_name_es: z.string().nullable(),
  decimal_places: z.number().int(),
  /** A futures contract (`C1`…), null for a spot value. */
  forward_period: z.string().nullable(),
  publication_date: z.string(),
  /** The value as the import stored it (decimal string). */
  value: z.string(),
  /** The value stored now (the corrected one after a correction). */
  current_value: z.string(),
  previous_date: z.string(),
  previous_value: z.string(),
  /** value − previous value */
  move: z.string(),
  /** The median absolute day-over-day change of the 60 days before. */
  median_change: z.string(),
  /** |move| ÷ median change (over 6 when flagged). */
  ratio: z.number(),
  /** The file (or EIA API route) the value came from, and its line in the import history. */
  file: z.string(),
  import_id: z.string().nullable(),
  /** The price source (csv, eia, fred, eia-api). */
  source: z.string(),
  /** Who imported it: an admin's upload, the command line or the EIA job. */
  actor: z.enum(['user', 'cli', 'eia-job']),
  flagged_at: z.string(),
  resolved_at: z.string().nullable(),
  corrected_value: z.string().nullable(),
});
export type PriceSuspect = z.infer<typeof priceSuspectSchema>;

export const priceSuspectListSchema = z.object({
  items: z.array(priceSuspectSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type PriceSuspectList = z.infer<typeof priceSuspectListSchema>;

export const MISSING_DAYS_LISTED = 5;

/** GET /admin/prices/missing-days: per active spot product, the US business days of its stored span without a value. */
export const missingDaysResponseSchema = z.object({
  products: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      name_es: z.string().nullable(),
      first_date: z.string(),
      last_date: z.string(),
      /** US business days (weekdays less NYMEX/federal trading holidays) from first to last date. */
      business_days: z.number().int(),
      missing: z.number().int(),
      /** The latest missing days, newest first (at most MISSING_DAYS_LISTED). */
      latest: z.array(z.string()),
    }),
  ),
});
export type MissingDaysResponse = z.infer<typeof missingDaysResponseSchema>;
