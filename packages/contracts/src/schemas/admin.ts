import { z } from 'zod';
import { planCodeSchema, roleSchema } from './enums';

// The admin module's contracts: the /admin/users list and changes (/admin/sessions is in sessions.ts).

export const adminPageSchema = z.coerce.number().int().min(1).max(100_000).default(1);
export const adminPageSizeSchema = z.coerce.number().int().min(1).max(200).default(50);

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
