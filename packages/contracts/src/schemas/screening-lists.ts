import { z } from 'zod';
import { defineMessages } from '../messages';
import type { SanctionsSource } from './screening';

/**
 * The lists' human names (never show a code like `ofac_sdn` to a person), in English and Spanish.
 * Publishers' own names stay as they are in both languages.
 */
export const sanctionsListNames: Record<SanctionsSource, { en: string; es: string }> = {
  ofac_sdn: { en: 'OFAC SDN', es: 'OFAC SDN' },
  ofac_consolidated: { en: 'OFAC consolidated (non-SDN)', es: 'OFAC consolidada (no SDN)' },
  un: { en: 'UN Security Council', es: 'Consejo de Seguridad de la ONU' },
  eu_fsf: { en: 'EU Financial Sanctions', es: 'Sanciones financieras de la UE' },
  uk_ofsi: { en: 'UK HM Treasury (OFSI)', es: 'Tesoro del Reino Unido (OFSI)' },
  ca_sema: { en: 'Canada (SEMA)', es: 'Canadá (SEMA)' },
  au_dfat: { en: 'Australia (DFAT)', es: 'Australia (DFAT)' },
};

/**
 * A list's human name ("OFAC SDN", "Tesoro del Reino Unido (OFSI)"), never its code, in a language
 * or a language tag ("es-MX" reads Spanish); the server and the web both call this one.
 */
export function sanctionsListName(source: string, lang: string = 'en'): string {
  return (sanctionsListNames as Record<string, { en: string; es: string }>)[source]?.[lang.startsWith('es') ? 'es' : 'en'] ?? source;
}

/** Default of SCREENING_STALE_DAYS: a list published longer ago than this (or undated) is stale. */
export const SCREENING_STALE_DAYS_DEFAULT = 7;

export const publishedAtSources = ['file', 'http', 'unknown'] as const;
export type PublishedAtSource = (typeof publishedAtSources)[number];

/** The daily job's view of one list (GET /screening/lists `update`). */
export const screeningListUpdateSchema = z.object({
  last_checked_at: z.string().nullable(),
  last_changed_at: z.string().nullable(),
  last_error: z.string().nullable(),
  next_run_at: z.string().nullable(),
});

/** Freshness fields every list item carries (API.md "Screening, second round"). */
export const screeningListFreshnessShape = {
  /** The list's human name in the caller's language. */
  name: z.string(),
  /** `<source>@<12 hex of the content hash>`: the same list content has the same id everywhere. */
  version_id: z.string(),
  published_at_source: z.enum(publishedAtSources),
  /** Whole days since publication; null when the publication date is unknown. */
  age_days: z.number().int().nullable(),
  /** Published more than SCREENING_STALE_DAYS ago, or undated. */
  stale: z.boolean(),
  update: screeningListUpdateSchema,
};

export const SCREENING_IMPORT_MAX_FILES = 12;

/** The upload's refusals (Spanish in messages-es.ts). */
export const screeningImportMessages = defineMessages('screeningImport', {
  noFiles: 'Send at least one list file.',
  tooManyFiles: `Send at most ${SCREENING_IMPORT_MAX_FILES} files at once.`,
  fileTooLarge: 'A list file may be at most {{mb}} MB.',
  badSource: 'Unknown list. Choose OFAC SDN, OFAC consolidated, UN, EU, UK, Canada or Australia.',
  notAList: 'This file is not a sanctions list FuelDesk can read: {{detail}}',
  refused: 'The {{list}} file was refused and the stored list stays in use: {{detail}}',
});

/** POST /screening/lists/import → 200 */
export const screeningImportResponseSchema = z.object({
  imported: z.array(
    z.object({
      source: z.string(),
      /** The list's human name in the caller's language. */
      name: z.string(),
      /** `stored` (a new version), `unchanged` (the same content as the stored one), `older` (not newer than the stored one). */
      status: z.enum(['stored', 'unchanged', 'older']),
      version_id: z.string(),
      entries: z.number().int(),
      names: z.number().int(),
      published_at: z.string().nullable(),
    }),
  ),
});
export type ScreeningImportResponse = z.infer<typeof screeningImportResponseSchema>;
