import { z } from 'zod';
import { defineMessages } from '../messages';

/** The actions the audit log records (API.md "Decisions on matches and the audit trail"). */
export const auditActions = [
  'screening.search',
  'screening.batch',
  'screening.decision',
  'screening.approve',
  'screening.list_import',
  'due.create',
  'due.rerun',
  'watch.add',
  'watch.remove',
  'alert.create',
  'alert.delete',
  'api_key.create',
  'api_key.revoke',
  'sharing.invite',
  'sharing.consent',
  'sharing.revoke',
  'admin.user_update',
  'admin.session_revoke',
  'product.create',
  'product.update',
  'product.retire',
  'product.reinstate',
  'price_sync.request',
  'price_suspect.confirm',
  'price_suspect.correct',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const AUDIT_PAGE_SIZE = 50;
/** Retention (SPEC.md §9's figure for audit logs); nothing in the product deletes entries. */
export const AUDIT_RETENTION_YEARS = 7;

export const auditMessages = defineMessages('audit', {
  badDate: 'A date looks like 2026-01-31 (or a full ISO time).',
  badAction: 'Unknown action.',
  badActor: 'The user must be a user id.',
  badPage: 'The page must be a whole number from 1.',
  badFormat: 'The export format is csv.',
  badRange: 'The start date must not be after the end date.',
});
export type AuditMessageKey = keyof typeof auditMessages;


const blank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const isoDate = z
  .string({ error: auditMessages.badDate })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?)?$/, { error: auditMessages.badDate })
  .refine((value) => !Number.isNaN(Date.parse(value)), { error: auditMessages.badDate });

/** GET /api/audit?from&to&actor&action&q&page (from/to: a day or an ISO time; `to` as a day includes that whole day). */
export const auditQuerySchema = z
  .object({
    from: z.preprocess(blank, isoDate.optional()),
    to: z.preprocess(blank, isoDate.optional()),
    actor: z.preprocess(blank, z.uuid({ error: auditMessages.badActor }).optional()),
    action: z.preprocess(blank, z.enum(auditActions, { error: auditMessages.badAction }).optional()),
    /** Text searched in the subject and the actor's email. */
    q: z.preprocess(blank, z.string().trim().max(200).optional()),
    page: z.preprocess(
      (value) => (typeof value === 'string' && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : blank(value)),
      z.number({ error: auditMessages.badPage }).int({ error: auditMessages.badPage }).min(1, { error: auditMessages.badPage }).optional().default(1),
    ),
  })
  .superRefine((query, context) => {
    if (query.from && query.to && Date.parse(query.from) > Date.parse(query.to)) {
      context.addIssue({ code: 'custom', path: ['from'], message: auditMessages.badRange });
    }
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditExportQuerySchema = z.intersection(
  auditQuerySchema,
  z.object({ format: z.preprocess(blank, z.enum(['csv'], { error: auditMessages.badFormat }).optional().default('csv')) }),
);

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  subject: z.string(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  prev_hash: z.string(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListResponseSchema = z.object({ items: z.array(auditEntrySchema), total: z.number().int() });
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

export const auditVerifyResponseSchema = z.object({
  ok: z.boolean(),
  entries: z.number().int(),
  first_bad_id: z.number().int().nullable(),
});
export type AuditVerifyResponse = z.infer<typeof auditVerifyResponseSchema>;
