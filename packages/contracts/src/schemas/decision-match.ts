import { z } from 'zod';

/** A user's decision on a screening match (DECISIONS.md "Screening coverage, freshness and decisions"). */
export const screeningDecisionKinds = ['false_positive', 'true_match', 'needs_review'] as const;
export type ScreeningDecisionKind = (typeof screeningDecisionKinds)[number];
export const screeningDecisionStatuses = ['final', 'pending_approval'] as const;
export type ScreeningDecisionStatus = (typeof screeningDecisionStatuses)[number];

/**
 * What a match shows of the decision that applies to it (`decision` on a search or batch match and
 * on a report's match). `cleared`: a final false positive on the unchanged entry, so the match no
 * longer counts. `reopened_reason` says why an earlier decision no longer holds.
 */
export const matchDecisionSchema = z.object({
  id: z.string(),
  decision: z.enum(screeningDecisionKinds),
  status: z.enum(screeningDecisionStatuses),
  note: z.string(),
  decided_by_email: z.string().nullable(),
  decided_at: z.string(),
  approved_by_email: z.string().nullable(),
  approved_at: z.string().nullable(),
  cleared: z.boolean(),
  reopened_reason: z.string().nullable(),
});
export type MatchDecision = z.infer<typeof matchDecisionSchema>;
