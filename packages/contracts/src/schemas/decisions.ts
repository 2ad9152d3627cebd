import { z } from 'zod';
import { defineMessages } from '../messages';
import { screeningDecisionKinds, screeningDecisionStatuses } from './decision-match';
import { screeningEntityTypeSchema, screeningNameSchema } from './screening';

export * from './decision-match';

/** From this score, clearing a match (false_positive) needs an admin other than the decider (four eyes). */
export const FOUR_EYES_SCORE = 0.95;
export const DECISION_NOTE_MAX = 2_000;
export const DECISIONS_PAGE_SIZE = 50;

/** English texts; the server sends them in Spanish too (decisionMessagesEs), the web shows them by key. */
export const decisionMessages = defineMessages('decisions', {
  noteRequired: 'Write a note: why this decision.',
  noteTooLong: `A note may have at most ${DECISION_NOTE_MAX} characters.`,
  badDecision: 'The decision must be false_positive, true_match or needs_review.',
  badEntityId: 'An entity id looks like ofac_sdn:36 or un:QDi.001.',
  badStatus: 'The status must be final or pending_approval.',
  badPage: 'The page must be a whole number from 1.',
  badId: 'This id is not valid.',
  notFound: 'Decision not found.',
  entityNotLoaded: 'No loaded list has this entry: load the lists and screen again.',
  fourEyes: 'A second person must approve this: an admin other than the one who decided.',
  notPending: 'This decision does not wait for an approval.',
  entryChanged: 'The list entry changed since this decision was taken: the match is open again, decide anew.',
  reportNotFound: 'Report not found.',
});
export type DecisionMessageKey = keyof typeof decisionMessages;


/** Any list's entry id (`<source>:<id in the list>`); more sources come with the lists. */
export const decisionEntityIdSchema = z
  .string({ error: decisionMessages.badEntityId })
  .regex(/^[a-z][a-z_]{1,31}:[\w.-]{1,64}$/, { error: decisionMessages.badEntityId });

const optionalUuid = z.preprocess(
  (value) => (value === null || value === '' ? undefined : value),
  z.uuid({ error: decisionMessages.badId }).optional(),
);

/** POST /api/screening/decisions */
export const createDecisionBodySchema = z.object({
  subject_name: screeningNameSchema,
  subject_type: screeningEntityTypeSchema.optional(),
  entity_id: decisionEntityIdSchema,
  decision: z.enum(screeningDecisionKinds, { error: decisionMessages.badDecision }),
  note: z
    .string({ error: decisionMessages.noteRequired })
    .trim()
    .min(1, { error: decisionMessages.noteRequired })
    .max(DECISION_NOTE_MAX, { error: decisionMessages.noteTooLong }),
  report_id: optionalUuid,
  watch_id: optionalUuid,
});
export type CreateDecisionBody = z.infer<typeof createDecisionBodySchema>;

export const screeningDecisionSchema = z.object({
  id: z.string(),
  subject_name: z.string(),
  subject_type: z.string().nullable(),
  entity_id: z.string(),
  decision: z.enum(screeningDecisionKinds),
  note: z.string(),
  status: z.enum(screeningDecisionStatuses),
  /** The match's score when the decision was taken. */
  score: z.number(),
  decided_by: z.string().nullable(),
  decided_by_email: z.string().nullable(),
  decided_at: z.string(),
  approved_by: z.string().nullable(),
  approved_by_email: z.string().nullable(),
  approved_at: z.string().nullable(),
  /** The stored list version the entry came from. */
  version_id: z.number().nullable(),
  report_id: z.string().nullable(),
  watch_id: z.string().nullable(),
  /** The entry's content changed since the decision: it no longer applies. */
  entry_changed: z.boolean(),
});
export type ScreeningDecision = z.infer<typeof screeningDecisionSchema>;

/** GET /api/screening/decisions?subject&entity_id&status&page */
export const listDecisionsQuerySchema = z.object({
  subject: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), z.string().trim().max(300).optional()),
  entity_id: z.preprocess((value) => (value === '' ? undefined : value), decisionEntityIdSchema.optional()),
  status: z.preprocess((value) => (value === '' ? undefined : value), z.enum(screeningDecisionStatuses, { error: decisionMessages.badStatus }).optional()),
  page: z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : value === '' ? undefined : value),
    z.number({ error: decisionMessages.badPage }).int({ error: decisionMessages.badPage }).min(1, { error: decisionMessages.badPage }).optional().default(1),
  ),
});
export type ListDecisionsQuery = z.infer<typeof listDecisionsQuerySchema>;

export const decisionListResponseSchema = z.object({ items: z.array(screeningDecisionSchema), total: z.number().int() });
export type DecisionListResponse = z.infer<typeof decisionListResponseSchema>;

export const decisionParamsSchema = z.object({ id: z.uuid({ error: decisionMessages.badId }) });
