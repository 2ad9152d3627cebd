import { z } from 'zod';
import { matchDecisionSchema } from './decision-match';
import { defineMessages } from '../messages';
import { screeningListFreshnessShape } from './screening-lists';

/** The sanctions lists we screen against (API.md "Sanctions screening"). */
export const sanctionsSources = [
  'ofac_sdn',
  'ofac_consolidated',
  'un',
  'eu_fsf',
  'uk_ofsi',
  'ca_sema',
  'au_dfat',
] as const;
export type SanctionsSource = (typeof sanctionsSources)[number];

/** The kinds of list entries; a search may be narrowed to one (a person never matches a vessel). */
export const screeningEntityTypes = ['person', 'organization', 'vessel', 'aircraft'] as const;
export type EntityType = (typeof screeningEntityTypes)[number];

/** Published on the event bus when a new list version is stored; every instance rebuilds its index. */
export const SCREENING_LISTS_UPDATED_EVENT = 'screening_lists_updated';

export const SCREENING_SEARCH_LIMIT_DEFAULT = 10;
export const SCREENING_SEARCH_LIMIT_MAX = 50;
export const SCREENING_BATCH_MAX = 1_000;
export const SCREENING_NAME_MAX = 300;
/** Per-request threshold bounds (API.md "Screening, second round"). */
export const SCREENING_THRESHOLD_MIN = 0.5;
export const SCREENING_THRESHOLD_MAX = 1;

/**
 * English texts of the validation messages; the web shows them through i18n (screening.errors.*,
 * keyed by the same property names), the server sends them as `fields` details.
 */
export const screeningMessages = defineMessages('screening', {
  queryRequired: 'Enter a name to search for.',
  queryTooLong: `A name must be at most ${SCREENING_NAME_MAX} characters.`,
  badType: 'Type must be person, organization, vessel or aircraft.',
  badLimit: `Limit must be a whole number from 1 to ${SCREENING_SEARCH_LIMIT_MAX}.`,
  batchEmpty: 'Send at least one name.',
  batchTooLarge: `Send at most ${SCREENING_BATCH_MAX} names at once.`,
  nameRequired: 'Each name must have at least one letter or digit.',
  badEntityId: 'An entity id looks like ofac_sdn:36, ofac_consolidated:1234 or un:QDi.001.',
  entityNotFound: 'No loaded list has this entry.',
  badSources: 'Sources must be a comma-separated list of ofac_sdn, ofac_consolidated, un, eu_fsf, uk_ofsi, ca_sema, au_dfat.',
  badThreshold: `The threshold must be a number from ${SCREENING_THRESHOLD_MIN} to ${SCREENING_THRESHOLD_MAX}.`,
  fileMissing: 'Attach one CSV or XLSX file (form field "file").',
  fileUnreadable: 'The file could not be read: send a CSV (UTF-8, comma or semicolon separated) or an XLSX workbook.',
  fileNoNameColumn: 'The file needs a header row with a "name" column (optional "type" and "country").',
  fileBadType: 'A "type" in the file must be person, organization, vessel or aircraft (or empty).',
  fileTooLarge: 'The file is too large for one batch.',
  badFormat: 'Format must be json or csv.',
});
export type ScreeningMessageKey = keyof typeof screeningMessages;


const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const sanctionsSourceSchema = z.enum(sanctionsSources);
export const screeningEntityTypeSchema = z.enum(screeningEntityTypes, { error: screeningMessages.badType });

/** A name to screen: trimmed, 1..300 characters, with at least one letter or digit. */
export const screeningNameSchema = z
  .string({ error: screeningMessages.queryRequired })
  .trim()
  .min(1, { error: screeningMessages.queryRequired })
  .max(SCREENING_NAME_MAX, { error: screeningMessages.queryTooLong })
  .regex(/[\p{L}\p{N}]/u, { error: screeningMessages.nameRequired });

/** `sources=a,b`: a comma-separated list of known sources, each once at most (blank = every list). */
export const screeningSourcesParamSchema = z.preprocess(
  (value) => {
    const cleaned = blankToUndefined(value);
    if (typeof cleaned !== 'string') return cleaned;
    return [...new Set(cleaned.split(',').map((part) => part.trim()).filter(Boolean))];
  },
  z
    .array(z.string(), { error: screeningMessages.badSources })
    .min(1, { error: screeningMessages.badSources })
    // One message for the whole parameter (not one per element), so the field is `sources`.
    .refine((list) => list.every((source) => (sanctionsSources as readonly string[]).includes(source)), { error: screeningMessages.badSources })
    .transform((list) => list as SanctionsSource[])
    .optional(),
);

/** `threshold`: 0.5 to 1; blank = the server's. */
export const screeningThresholdParamSchema = z.preprocess(
  (value) => {
    const cleaned = blankToUndefined(value);
    if (typeof cleaned === 'string' && /^\s*(?:\d+(?:\.\d+)?|\.\d+)\s*$/.test(cleaned)) return Number(cleaned);
    return cleaned;
  },
  z
    .number({ error: screeningMessages.badThreshold })
    .min(SCREENING_THRESHOLD_MIN, { error: screeningMessages.badThreshold })
    .max(SCREENING_THRESHOLD_MAX, { error: screeningMessages.badThreshold })
    .optional(),
);

/** GET /api/screening/search?q&type&limit */
export const screeningSearchQuerySchema = z.object({
  q: screeningNameSchema,
  sources: screeningSourcesParamSchema,
  threshold: screeningThresholdParamSchema,
  type: z.preprocess(blankToUndefined, screeningEntityTypeSchema.optional()),
  limit: z.preprocess(
    (value) => {
      const cleaned = blankToUndefined(value);
      if (typeof cleaned === 'string' && /^\s*\d{1,6}\s*$/.test(cleaned)) return Number(cleaned);
      return cleaned;
    },
    z
      .number({ error: screeningMessages.badLimit })
      .int({ error: screeningMessages.badLimit })
      .min(1, { error: screeningMessages.badLimit })
      .max(SCREENING_SEARCH_LIMIT_MAX, { error: screeningMessages.badLimit })
      .optional()
      .default(SCREENING_SEARCH_LIMIT_DEFAULT),
  ),
});
export type ScreeningSearchQuery = z.infer<typeof screeningSearchQuerySchema>;



/** One list entry a name matched (best matching name of the entry). */
export const screeningMatchSchema = z.object({
  entity_id: z.string(),
  source: sanctionsSourceSchema,
  /** The entry's primary name. */
  name: z.string(),
  /** The name (primary or alias) of the entry that matched the query. */
  matched_name: z.string(),
  type: screeningEntityTypeSchema,
  programs: z.array(z.string()),
  /** In [0, 1]. */
  score: z.number(),
  /** score ≥ the screening threshold. */
  is_match: z.boolean(),
  explanation: z.string(),
  /** The version of the match's list (GET /screening/lists `version_id`, `<source>@<hash>`); null when unknown. */
  version_id: z.string().nullable(),
  /** The caller's decision on this match, when one applies (cleared: it no longer counts). */
  decision: matchDecisionSchema.optional(),
});
export type ScreeningMatch = z.infer<typeof screeningMatchSchema>;

/** A loaded list version. */
export const screeningListSchema = z.object({
  source: sanctionsSourceSchema,
  entries: z.number().int(),
  names: z.number().int(),
  published_at: z.string().nullable(),
  loaded_at: z.string(),
  ...screeningListFreshnessShape,
});
export type ScreeningList = z.infer<typeof screeningListSchema>;

/**
 * GET /api/screening/lists. `loaded` is false on a fresh install (no list stored yet): screening
 * then cannot say anything and the search answers `loaded: false` rather than "no match".
 */
export const screeningListsResponseSchema = z.object({
  loaded: z.boolean(),
  threshold: z.number(),
  /** SCREENING_STALE_DAYS */
  stale_days: z.number().int(),
  lists: z.array(screeningListSchema),
});
export type ScreeningListsResponse = z.infer<typeof screeningListsResponseSchema>;

export const screeningSearchResponseSchema = z.object({
  query: z.string(),
  threshold: z.number(),
  /** false: no sanctions list is loaded, so `matches` is empty because nothing was screened. */
  loaded: z.boolean(),
  matches: z.array(screeningMatchSchema),
});
export type ScreeningSearchResponse = z.infer<typeof screeningSearchResponseSchema>;

/** POST /api/screening/batch */
export const screeningBatchBodySchema = z.object({
  queries: z
    .array(
      z.object({
        name: screeningNameSchema,
        type: screeningEntityTypeSchema.optional(),
        /** Kept with the result (and in the CSV); not used for matching yet. */
        country: z.string().trim().max(100).optional(),
      }),
      { error: screeningMessages.batchEmpty },
    )
    .min(1, { error: screeningMessages.batchEmpty })
    .max(SCREENING_BATCH_MAX, { error: screeningMessages.batchTooLarge }),
});
export type ScreeningBatchBody = z.infer<typeof screeningBatchBodySchema>;

/** POST /api/screening/batch?format=json|csv&sources&threshold (`Accept: text/csv` also asks for CSV). */
export const screeningBatchQuerySchema = z.object({
  format: z.preprocess(blankToUndefined, z.enum(['json', 'csv'], { error: screeningMessages.badFormat }).optional()),
  sources: screeningSourcesParamSchema,
  threshold: screeningThresholdParamSchema,
});
export type ScreeningBatchQuery = z.infer<typeof screeningBatchQuerySchema>;

/** Columns of the batch results as CSV, one row per match (a name without a match gets one row with empty match columns). */
export const SCREENING_BATCH_CSV_COLUMNS = [
  'row',
  'name',
  'type',
  'country',
  'status',
  'score',
  'is_match',
  'entity_id',
  'source',
  'list_name',
  'matched_name',
  'entity_type',
  'programs',
  'version_id',
  'explanation',
] as const;

export const screeningBatchResponseSchema = z.object({
  threshold: z.number(),
  loaded: z.boolean(),
  results: z.array(z.object({ name: z.string(), matches: z.array(screeningMatchSchema) })),
});
export type ScreeningBatchResponse = z.infer<typeof screeningBatchResponseSchema>;

/** GET /api/screening/entities/{entity_id}: a list entry in full (from the loaded lists). */
export const screeningEntityParamsSchema = z.object({
  entity_id: z
    .string({ error: screeningMessages.badEntityId })
    .regex(/^(ofac_sdn|ofac_consolidated|un|eu_fsf|uk_ofsi|ca_sema|au_dfat):[\w./-]{1,64}$/, { error: screeningMessages.badEntityId }),
});
export type ScreeningEntityParams = z.infer<typeof screeningEntityParamsSchema>;

export const screeningEntitySchema = z.object({
  entity_id: z.string(),
  source: sanctionsSourceSchema,
  type: screeningEntityTypeSchema,
  name: z.string(),
  aliases: z.array(z.object({ name: z.string(), kind: z.enum(['aka', 'fka', 'nka']), weak: z.boolean() })),
  programs: z.array(z.string()),
  addresses: z.array(z.string()),
  dates_of_birth: z.array(z.string()),
  nationalities: z.array(z.string()),
  remarks: z.string().nullable(),
});
export type ScreeningEntity = z.infer<typeof screeningEntitySchema>;

/** POST /api/screening/compare: the same scorer on two names (needs no list). */
export const screeningCompareBodySchema = z.object({
  name1: screeningNameSchema,
  name2: screeningNameSchema,
  type: screeningEntityTypeSchema.optional(),
});
export type ScreeningCompareBody = z.infer<typeof screeningCompareBodySchema>;

export const screeningCompareResponseSchema = z.object({
  score: z.number(),
  is_match: z.boolean(),
  threshold: z.number(),
  explanation: z.string(),
});
export type ScreeningCompareResponse = z.infer<typeof screeningCompareResponseSchema>;

