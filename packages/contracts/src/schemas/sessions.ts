import { z } from 'zod';

// Sessions (split out of auth.ts; exported through the package index).

/** SPEC.md §3 session record, plus where it came from and whether it is the caller's own. */
export const sessionRecordSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  revoked_at: z.string().nullable(),
  revoked_reason: z.string().nullable(),
  active_seconds: z.number().int(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
});
export type SessionRecord = z.infer<typeof sessionRecordSchema>;

/** GET /api/auth/sessions: newest first. */
export const sessionListResponseSchema = z.array(sessionRecordSchema);
export type SessionListResponse = z.infer<typeof sessionListResponseSchema>;
