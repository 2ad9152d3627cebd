import { z } from 'zod';
import { adminPageSchema, adminPageSizeSchema } from './admin';
import { authMessages, tokenPairSchema } from './auth';

// The sessions module's contracts: refresh, ping, logout, the caller's sessions and the admin list.

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

export const refreshBodySchema = z.object({
  refresh_token: z.string({ error: authMessages.tokenRequired }).min(1, { error: authMessages.tokenRequired }).max(512),
});
export type RefreshBody = z.infer<typeof refreshBodySchema>;
export const refreshResponseSchema = tokenPairSchema;
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** POST /api/auth/ping: the refresh token, or an empty body with a bearer token. */
export const pingBodySchema = z
  .object({ refresh_token: z.string().max(512).optional() })
  .nullish();
export type PingBody = z.infer<typeof pingBodySchema>;
export const pingResponseSchema = z.object({
  ok: z.literal(true),
  session_id: z.string(),
  last_seen_at: z.string(),
  active_seconds: z.number().int(),
});
export type PingResponse = z.infer<typeof pingResponseSchema>;

/** POST /api/auth/logout: refresh token and/or bearer token; `active_seconds` since login (min 1). */
export const logoutBodySchema = z
  .object({
    refresh_token: z.string().max(512).optional(),
    active_seconds: z.number().int().min(0).max(10 * 365 * 24 * 3600).optional(),
  })
  .nullish();
export type LogoutBody = z.infer<typeof logoutBodySchema>;

// ---------- Admin: every session ----------

/**
 * `active` while its pings arrive (every 15 s; none for ACTIVE_SESSION_WINDOW_MS means gone),
 * `idle` when not revoked but silent longer than that, `revoked` once ended.
 */
export const sessionStatusSchema = z.enum(['active', 'idle', 'revoked']);
export type SessionStatus = z.infer<typeof sessionStatusSchema>;

export const adminSessionsQuerySchema = z.object({
  status: sessionStatusSchema.optional(),
  user_id: z.uuid().optional(),
  q: z.string().trim().max(200).optional(),
  page: adminPageSchema,
  page_size: adminPageSizeSchema,
});
export type AdminSessionsQuery = z.infer<typeof adminSessionsQuerySchema>;

export const adminSessionRowSchema = sessionRecordSchema.omit({ current: true }).extend({
  user_id: z.string(),
  user_email: z.string(),
  user_name: z.string(),
  status: sessionStatusSchema,
  current: z.boolean(),
});
export type AdminSessionRow = z.infer<typeof adminSessionRowSchema>;

export const adminSessionListResponseSchema = z.object({
  items: z.array(adminSessionRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminSessionListResponse = z.infer<typeof adminSessionListResponseSchema>;
