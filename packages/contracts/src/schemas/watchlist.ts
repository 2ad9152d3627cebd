import { z } from 'zod';
import { defineMessages } from '../messages';
import { matchDecisionSchema } from './decision-match';

/** DECISIONS.md "Watching": at most this many watched counterparties per user. */
export const WATCHLIST_LIMIT = 1000;
export const watchlistTypes = ['person', 'organization', 'vessel'] as const;
export type WatchlistType = (typeof watchlistTypes)[number];

/** Messages of the watchlist (Spanish in messages-es.ts). */
export const watchlistMessages = defineMessages('watchlist', {
  nameRequired: 'Enter a name.',
  nameTooLong: 'A name is at most 300 characters.',
  badType: 'Choose person, organization or vessel.',
  countryTooLong: 'A country is at most 100 characters.',
  noteTooLong: 'A note is at most 1000 characters.',
  badId: 'Not a watchlist item id.',
  notFound: 'Watchlist item not found.',
  limit: 'You can watch at most {{limit}} counterparties. Remove one to add another.',
  importNoName: 'The file has no name column (name, nombre).',
  importLimit: 'Over the limit of {{limit}} counterparties.',
  importBadType: 'Type must be person, organization or vessel.',
  fileMissing: 'Send a CSV or XLSX file in the field "file".',
  fileTooLarge: 'The file is too large.',
});

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const watchlistCreateBodySchema = z.object({
  name: z.string({ error: watchlistMessages.nameRequired }).trim().min(1, { error: watchlistMessages.nameRequired }).max(300, { error: watchlistMessages.nameTooLong }),
  type: z.preprocess(blankToUndefined, z.enum(watchlistTypes, { error: watchlistMessages.badType }).optional()),
  country: z.preprocess(blankToUndefined, z.string().trim().max(100, { error: watchlistMessages.countryTooLong }).optional()),
  note: z.preprocess(blankToUndefined, z.string().trim().max(1000, { error: watchlistMessages.noteTooLong }).optional()),
  report_id: z.preprocess(blankToUndefined, z.uuid({ error: watchlistMessages.badId }).optional()),
});
export type WatchlistCreateBody = z.infer<typeof watchlistCreateBodySchema>;

export const watchlistParamsSchema = z.object({ id: z.uuid({ error: watchlistMessages.badId }) });

export const watchlistMatchSchema = z.object({
  entity_id: z.string(),
  source: z.string(),
  name: z.string(),
  matched_name: z.string(),
  score: z.number(),
  /** The stored list version the match was found in. */
  version_id: z.number().nullable().optional(),
  /** A final false-positive decision applies to this entry as it stands. */
  cleared: z.boolean().optional(),
  /** The owner's decision on this match (the item's name × this entry), when one applies: cleared by whom, when, why. */
  decision: matchDecisionSchema.optional(),
});
export type WatchlistMatch = z.infer<typeof watchlistMatchSchema>;

export const watchlistVersionSchema = z.object({ id: z.number(), source: z.string(), published_at: z.string().nullable() });

export const watchlistItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(watchlistTypes).nullable(),
  country: z.string().nullable(),
  note: z.string().nullable(),
  report_id: z.string().nullable(),
  created_at: z.string(),
  last_screened_at: z.string().nullable(),
  /** `match` while a match is not cleared by a final false-positive decision. */
  status: z.enum(['clear', 'match', 'not_screened']),
  matches: z.array(watchlistMatchSchema),
  /** The list versions the status comes from, with their list and publication date. */
  versions: z.array(watchlistVersionSchema),
});
export type WatchlistItem = z.infer<typeof watchlistItemSchema>;

export const watchlistHistoryEntrySchema = z.object({
  at: z.string(),
  version_ids: z.array(z.number()),
  versions: z.array(watchlistVersionSchema),
  added: z.array(watchlistMatchSchema),
  removed: z.array(watchlistMatchSchema),
});
export type WatchlistHistoryEntry = z.infer<typeof watchlistHistoryEntrySchema>;

export const watchlistDetailSchema = watchlistItemSchema.extend({ history: z.array(watchlistHistoryEntrySchema) });
export type WatchlistDetail = z.infer<typeof watchlistDetailSchema>;

export const watchlistListSchema = z.object({ items: z.array(watchlistItemSchema), limit: z.number() });
export type WatchlistList = z.infer<typeof watchlistListSchema>;

export const watchlistImportResultSchema = z.object({
  added: z.number(),
  skipped: z.number(),
  errors: z.array(z.object({ line: z.number(), detail: z.string() })),
});
export type WatchlistImportResult = z.infer<typeof watchlistImportResultSchema>;
