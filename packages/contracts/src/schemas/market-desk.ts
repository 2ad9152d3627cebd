import { z } from 'zod';
import { defineMessages } from '../messages';
import { priceCategories } from './prices-constants';

// The data desk's contracts (admin): products kept without migrations (/admin/products).

export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 500;
export const PRODUCT_DECIMALS_MAX = 6;
export const FUTURES_CONTRACTS_MAX = 4;

export const marketDeskMessages = defineMessages('marketDesk', {
  badCode: 'A product code has 2 to 32 capital letters, digits or underscores, starting with a letter.',
  codeTaken: 'A product with the code {{code}} already exists.',
  seriesTaken: 'The EIA series {{series}} already belongs to {{code}}.',
  nameRequired: 'Write the name in English.',
  nameEsRequired: 'Write the name in Spanish.',
  nameTooLong: `A name has at most ${PRODUCT_NAME_MAX} characters.`,
  descriptionTooLong: `A description has at most ${PRODUCT_DESCRIPTION_MAX} characters.`,
  badCategory: 'Choose one of the categories.',
  unitRequired: 'Write the unit, e.g. bbl, gal or MMBtu.',
  badUnit: 'A unit has at most 16 letters, digits, dots or slashes.',
  badCurrency: 'A currency is three capital letters, e.g. USD.',
  deliveryRequired: 'Write the delivery mode, e.g. Spot FOB.',
  locationRequired: 'Write the location, e.g. New York Harbor.',
  textTooLong: 'At most 120 characters.',
  badDecimals: `Decimal places are a whole number from 0 to ${PRODUCT_DECIMALS_MAX}.`,
  badKind: 'A product is spot or futures; spreads are defined by their legs.',
  badSeries: 'An EIA series id has 2 to 60 letters, digits, dots, dashes or underscores.',
  futuresNeedSeries: `A futures product names 1 to ${FUTURES_CONTRACTS_MAX} EIA series ids, contract 1 first.`,
  spotHasNoContracts: 'Only a futures product has contract series ids.',
  notFound: 'No product with the code {{code}}.',
  derivedReadOnly: '{{code}} is a spread: its legs and formula are fixed (DECISIONS.md).',
  alreadyRetired: '{{code}} is already retired.',
  notRetired: '{{code}} is not retired.',
  nothingToChange: 'Change at least one field.',
});
export type MarketDeskMessageKey = keyof typeof marketDeskMessages;

/** Categories an admin may give a product: `spreads` belong to the derived products only. */
export const editableProductCategories = priceCategories.filter((category) => category !== 'spreads') as Exclude<(typeof priceCategories)[number], 'spreads'>[];

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

const seriesIdSchema = z
  .string({ error: marketDeskMessages.badSeries })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9_.-]{1,59}$/, { error: marketDeskMessages.badSeries });

export const productCodeInputSchema = z
  .string({ error: marketDeskMessages.badCode })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z][A-Z0-9_]{1,31}$/, { error: marketDeskMessages.badCode });

const productFields = {
  name: requiredText(marketDeskMessages.nameRequired, PRODUCT_NAME_MAX, marketDeskMessages.nameTooLong),
  name_es: requiredText(marketDeskMessages.nameEsRequired, PRODUCT_NAME_MAX, marketDeskMessages.nameTooLong),
  description: z.string().trim().max(PRODUCT_DESCRIPTION_MAX, { error: marketDeskMessages.descriptionTooLong }),
  category: z.enum(editableProductCategories, { error: marketDeskMessages.badCategory }),
  unit: z
    .string({ error: marketDeskMessages.unitRequired })
    .trim()
    .min(1, { error: marketDeskMessages.unitRequired })
    .regex(/^[A-Za-z0-9./]{1,16}$/, { error: marketDeskMessages.badUnit }),
  currency: z.string({ error: marketDeskMessages.badCurrency }).trim().toUpperCase().regex(/^[A-Z]{3}$/, { error: marketDeskMessages.badCurrency }),
  delivery_mode: requiredText(marketDeskMessages.deliveryRequired, 120, marketDeskMessages.textTooLong),
  location: requiredText(marketDeskMessages.locationRequired, 120, marketDeskMessages.textTooLong),
  decimal_places: z
    .number({ error: marketDeskMessages.badDecimals })
    .int({ error: marketDeskMessages.badDecimals })
    .min(0, { error: marketDeskMessages.badDecimals })
    .max(PRODUCT_DECIMALS_MAX, { error: marketDeskMessages.badDecimals }),
  /** The spot series id (EIA's `series` facet, e.g. RWTC); null for none. */
  eia_series_id: z.preprocess(blankToNull, seriesIdSchema.nullable()),
  /** A futures product's contract series, contract 1 first. */
  futures_series_ids: z.array(seriesIdSchema, { error: marketDeskMessages.badSeries }).max(FUTURES_CONTRACTS_MAX, { error: marketDeskMessages.futuresNeedSeries }),
};

/** POST /admin/products: a spot or futures product; spreads are the fixed derived products of DECISIONS.md. */
export const createProductBodySchema = z
  .object({
    code: productCodeInputSchema,
    kind: z.enum(['spot', 'futures'], { error: marketDeskMessages.badKind }).default('spot'),
    ...productFields,
    description: productFields.description.default(''),
    currency: productFields.currency.default('USD'),
    eia_series_id: productFields.eia_series_id.default(null),
    futures_series_ids: productFields.futures_series_ids.default([]),
  })
  .superRefine((body, issues) => {
    if (body.kind === 'futures' && body.futures_series_ids.length === 0) {
      issues.addIssue({ code: 'custom', path: ['futures_series_ids'], message: marketDeskMessages.futuresNeedSeries });
    }
    if (body.kind === 'spot' && body.futures_series_ids.length > 0) {
      issues.addIssue({ code: 'custom', path: ['futures_series_ids'], message: marketDeskMessages.spotHasNoContracts });
    }
  });
export type CreateProductBody = z.infer<typeof createProductBodySchema>;

/** PATCH /admin/products/{code}: any of the fields; the code and kind never change (alerts, dashboards and files name it). */
export const updateProductBodySchema = z
  .object({
    name: productFields.name.optional(),
    name_es: productFields.name_es.optional(),
    description: productFields.description.optional(),
    category: productFields.category.optional(),
    unit: productFields.unit.optional(),
    currency: productFields.currency.optional(),
    delivery_mode: productFields.delivery_mode.optional(),
    location: productFields.location.optional(),
    decimal_places: productFields.decimal_places.optional(),
    eia_series_id: productFields.eia_series_id.optional(),
    futures_series_ids: productFields.futures_series_ids.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: marketDeskMessages.nothingToChange });
export type UpdateProductBody = z.infer<typeof updateProductBodySchema>;

export const adminProductParamsSchema = z.object({ code: productCodeInputSchema });

/** One product as the admin sees it: retired ones included. */
export const adminProductSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  name_es: z.string().nullable(),
  description: z.string(),
  category: z.enum(priceCategories),
  kind: z.enum(['spot', 'spread', 'futures']),
  unit: z.string(),
  currency: z.string(),
  delivery_mode: z.string(),
  location: z.string(),
  decimal_places: z.number().int(),
  eia_series_id: z.string().nullable(),
  fred_series_id: z.string().nullable(),
  futures_series_ids: z.array(z.string()),
  formula: z.string().nullable(),
  active: z.boolean(),
  retired_at: z.string().nullable(),
  /** Stored values (all contracts of a futures product); 0 for a spread. */
  points: z.number().int(),
  last_date: z.string().nullable(),
  updated_at: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminProductListResponseSchema = z.object({ products: z.array(adminProductSchema) });
export type AdminProductListResponse = z.infer<typeof adminProductListResponseSchema>;

// The EIA API v2 sync's status panel (GET / POST /admin/prices/sync).

export const eiaSyncMessages = defineMessages('eiaSync', {
  noKey: 'EIA_API_KEY is not set, so the EIA sync cannot run.',
  keyRefused: 'EIA refused the API key (HTTP {{status}}). Check EIA_API_KEY.',
  rateLimited: 'EIA asked to slow down (HTTP 429) on every attempt.',
  unavailable: "EIA's API answered HTTP {{status}} on every attempt.",
  unreachable: "EIA's API could not be reached (network, DNS or timeout).",
  badAnswer: "EIA's API sent an answer that could not be read.",
  failed: 'The sync failed: {{reason}}',
  interrupted: 'The run stopped before it finished (the process ended).',
  alreadyRunning: 'An EIA sync is already queued or running.',
});

const eiaSyncRunSchema = z.object({
  id: z.string(),
  trigger: z.enum(['schedule', 'manual']),
  /** `interrupted`: marked running but started too long ago to be alive. */
  status: z.enum(['running', 'succeeded', 'failed', 'interrupted']),
  /** 1 for a job's first run, 2… for pg-boss's retries of it. */
  attempt: z.number().int(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  rows_written: z.number().int(),
  /** Why it failed, in the caller's language; `error_key` / `error_params` are the message it came from. */
  error: z.string().nullable(),
  error_key: z.string().nullable(),
  error_params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
});
export type EiaSyncRun = z.infer<typeof eiaSyncRunSchema>;

export const eiaSyncStatusSchema = z.object({
  /** EIA_API_KEY is set: the schedule runs and "sync now" is allowed. */
  configured: z.boolean(),
  cron: z.string(),
  /** The schedule's next run (UTC); null without a key. */
  next_run_at: z.string().nullable(),
  /** A sync is queued or running now. */
  busy: z.boolean(),
  /** When pg-boss retries the last failed run's job (backoff), if it will. */
  retry_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  /** Newest first, at most 10; the first is the last run. */
  runs: z.array(eiaSyncRunSchema),
});
export type EiaSyncStatus = z.infer<typeof eiaSyncStatusSchema>;
