import { z } from 'zod';
import { planCodeSchema, roleSchema } from './enums';
import { sessionRecordSchema } from './sessions';

// Admin (split out of auth.ts; exported through the package index).

const adminPageSchema = z.coerce.number().int().min(1).max(100_000).default(1);
const adminPageSizeSchema = z.coerce.number().int().min(1).max(200).default(50);

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

export const adminEntityParamsSchema = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
export type AdminEntityParams = z.infer<typeof adminEntityParamsSchema>;

export const adminUsersQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  role: roleSchema.optional(),
  active: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
  page: adminPageSchema,
  page_size: adminPageSizeSchema,
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company: z.string().nullable(),
  role: roleSchema,
  is_superadmin: z.boolean(),
  plan_code: z.string(),
  plan_name: z.string().nullable(),
  subscription_status: z.string(),
  active: z.boolean(),
  email_verified: z.boolean(),
  is_demo: z.boolean(),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUserListResponseSchema = z.object({
  items: z.array(adminUserRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminUserListResponse = z.infer<typeof adminUserListResponseSchema>;

/**
 * PATCH /api/admin/users/{id}. `is_superadmin` may only be changed by a superadmin; nobody can
 * demote or deactivate themselves (that would lock the last admin out).
 */
export const adminUserUpdateBodySchema = z
  .object({
    role: roleSchema.optional(),
    plan_code: planCodeSchema.optional(),
    active: z.boolean().optional(),
    is_superadmin: z.boolean().optional(),
    subscription_status: z.string().trim().min(1).max(40).optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), { message: 'Nothing to change' });
export type AdminUserUpdateBody = z.infer<typeof adminUserUpdateBodySchema>;
