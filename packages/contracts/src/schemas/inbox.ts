import { z } from 'zod';
import { defineMessages } from '../messages';
import { adminPageSchema, adminPageSizeSchema } from './admin';

// The admin inbox (contact messages, leads, support messages) and the price-import history.

export const inboxKinds = ['contact', 'lead', 'support'] as const;
export type InboxKind = (typeof inboxKinds)[number];
export const inboxStatuses = ['open', 'answered'] as const;
export type InboxStatus = (typeof inboxStatuses)[number];

/** Texts the server sends about the inbox, in English; the Spanish below goes to Spanish callers. */
export const inboxMessages = defineMessages('inbox', {
  badKind: 'Kind must be contact, lead or support.',
  badStatus: 'Status must be open or answered.',
  badAssignee: 'Assignee must be a user id, "me" or "none".',
  badId: 'Not a valid id',
  nothingToChange: 'Send a status or an assignee to change.',
  assigneeNotAdmin: 'The assignee must be an active administrator.',
  notFound: 'This message does not exist.',
});
export type InboxMessageKey = keyof typeof inboxMessages;


export const inboxKindSchema = z.enum(inboxKinds, { error: inboxMessages.badKind });
export const inboxStatusSchema = z.enum(inboxStatuses, { error: inboxMessages.badStatus });

/** `me` is the caller, `none` the unassigned messages, otherwise an admin's id. */
export const inboxAssigneeFilterSchema = z.union([z.literal('me'), z.literal('none'), z.uuid()], { error: inboxMessages.badAssignee });

export const adminInboxQuerySchema = z.object({
  kind: inboxKindSchema.optional(),
  status: inboxStatusSchema.optional(),
  assignee: inboxAssigneeFilterSchema.optional(),
  q: z.string().trim().max(200).optional(),
  page: adminPageSchema,
  page_size: adminPageSizeSchema,
});
export type AdminInboxQuery = z.infer<typeof adminInboxQuerySchema>;

export const adminInboxParamsSchema = z.object({
  kind: inboxKindSchema,
  id: z.uuid({ error: inboxMessages.badId }),
});
export type AdminInboxParams = z.infer<typeof adminInboxParamsSchema>;

export const inboxAssigneeSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type InboxAssignee = z.infer<typeof inboxAssigneeSchema>;

/** One row of the inbox list. `from_*` is the visitor or user who wrote. */
export const adminInboxItemSchema = z.object({
  kind: inboxKindSchema,
  id: z.string(),
  status: inboxStatusSchema,
  assignee: inboxAssigneeSchema.nullable(),
  from_name: z.string(),
  from_email: z.string(),
  subject: z.string(),
  /** The first 200 characters of the message. */
  preview: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminInboxItem = z.infer<typeof adminInboxItemSchema>;

export const adminInboxListResponseSchema = z.object({
  items: z.array(adminInboxItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminInboxListResponse = z.infer<typeof adminInboxListResponseSchema>;

/** A message in full: the list's fields, the whole text, and the kind's own fields (label → value). */
export const adminInboxDetailSchema = adminInboxItemSchema.extend({
  message: z.string(),
  language: z.string().nullable(),
  /** Phone, company, job title, interests…: the fields this kind of form has, by their API name. */
  fields: z.record(z.string(), z.string().nullable()),
});
export type AdminInboxDetail = z.infer<typeof adminInboxDetailSchema>;

export const adminInboxUpdateBodySchema = z
  .object({
    status: inboxStatusSchema.optional(),
    assignee_id: z.uuid({ error: inboxMessages.badId }).nullable().optional(),
  })
  .strict()
  .refine((value) => value.status !== undefined || value.assignee_id !== undefined, { message: inboxMessages.nothingToChange });
export type AdminInboxUpdateBody = z.infer<typeof adminInboxUpdateBodySchema>;

export const inboxAssigneesResponseSchema = z.object({ assignees: z.array(inboxAssigneeSchema) });
export type InboxAssigneesResponse = z.infer<typeof inboxAssigneesResponseSchema>;

// Price-import history.

export const priceImportActors = ['user', 'cli', 'eia-job'] as const;
export type PriceImportActor = (typeof priceImportActors)[number];

export const adminPriceImportsQuerySchema = z.object({ page: adminPageSchema, page_size: adminPageSizeSchema });
export type AdminPriceImportsQuery = z.infer<typeof adminPriceImportsQuerySchema>;

export const priceImportRowSchema = z.object({
  id: z.string(),
  actor: z.enum(priceImportActors),
  /** The uploading admin; null for the CLI and the EIA job (or a deleted account). */
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  source: z.string(),
  format: z.string(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
  refused: z.boolean(),
  refusal_reason: z.string().nullable(),
  created_at: z.string(),
});
export type PriceImportRow = z.infer<typeof priceImportRowSchema>;

export const priceImportListResponseSchema = z.object({
  items: z.array(priceImportRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type PriceImportListResponse = z.infer<typeof priceImportListResponseSchema>;
