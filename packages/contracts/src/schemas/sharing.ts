import { z } from 'zod';
import { bankAccountSchema, bankMessages, identityVerificationStatuses, institutionSchema } from './bank';

// Sharing (SPEC.md §4): invitations to see a user's bank data, their scopes and what is shared.
// The texts stay in bankMessages: the bank and sharing screens share one catalog (SPEC.md §5, §8).

export const sharingScopes = ['identity', 'balances', 'transactions', 'investments'] as const;
export type SharingScope = (typeof sharingScopes)[number];
export const sharingScopeSchema = z.enum(sharingScopes, { error: bankMessages.scopeUnknown });

/** SPEC.md §4 plus ACCEPTED (DECISIONS.md). */
export const invitationStatuses = ['PENDING', 'ACCEPTED', 'REJECTED', 'REVOKED', 'EXPIRED'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];
export const INVITATION_TTL_DAYS = 7;
/** Transactions shared with the inviter go back this far. */
export const SHARED_TRANSACTIONS_DAYS = 90;

export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  scopes: z.array(sharingScopeSchema),
  status: z.enum(invitationStatuses),
  created_at: z.string(),
  consented_at: z.string().nullable(),
  responded_at: z.string().nullable(),
  expires_at: z.string(),
  counterparty_name: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const createInvitationBodySchema = z.object({
  email: z
    .string({ error: bankMessages.emailRequired })
    .trim()
    .min(1, { error: bankMessages.emailRequired, abort: true })
    .max(254, { error: bankMessages.emailInvalid, abort: true })
    .pipe(z.email({ error: bankMessages.emailInvalid })),
  scopes: z
    .array(sharingScopeSchema, { error: bankMessages.scopesRequired })
    .min(1, { error: bankMessages.scopesRequired })
    .max(sharingScopes.length)
    .transform((scopes) => [...new Set(scopes)]),
  /** The counterparty the inviter means to check; the bank's account owner names are compared with it. */
  counterparty_name: z
    .string()
    .trim()
    .max(200, { error: bankMessages.counterpartyNameTooLong })
    .optional()
    .transform((name) => (name ? name : undefined)),
});
export type CreateInvitationBody = z.infer<typeof createInvitationBodySchema>;

export const invitationUsageSchema = z.object({
  plan_code: z.string(),
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  period_start: z.string(),
  period_end: z.string(),
});
export type InvitationUsage = z.infer<typeof invitationUsageSchema>;

export const invitationListResponseSchema = z.object({ invitations: z.array(invitationSchema), usage: invitationUsageSchema });
export type InvitationListResponse = z.infer<typeof invitationListResponseSchema>;

export const identitySummarySchema = z.object({
  owners: z.array(
    z.object({
      names: z.array(z.string()),
      emails: z.array(z.string()),
      phones: z.array(z.string()),
      addresses: z.array(z.string()),
    }),
  ),
});
export const sharedTransactionSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  date: z.string(),
  name: z.string(),
  amount: z.string(),
  currency: z.string().nullable(),
});
export const sharedHoldingSchema = z.object({
  account_id: z.string(),
  name: z.string(),
  ticker: z.string().nullable(),
  quantity: z.string(),
  value: z.string().nullable(),
  currency: z.string().nullable(),
});

/** Present only for the scopes the invitee consented to. */
export const sharedDataSchema = z.object({
  identity: z.array(identitySummarySchema.extend({ institution: institutionSchema })).optional(),
  balances: z.array(bankAccountSchema.extend({ institution: institutionSchema })).optional(),
  transactions: z.array(sharedTransactionSchema).optional(),
  investments: z.array(sharedHoldingSchema).optional(),
  fetched_at: z.string(),
});
export type SharedData = z.infer<typeof sharedDataSchema>;

/** The invitee's identity verification as the inviter sees it: its status and when it reached a final one. */
export const sharedIdentityVerificationSchema = z.object({
  status: z.enum(identityVerificationStatuses).nullable(),
  completed_at: z.string().nullable(),
  failure_reasons: z.array(z.string()),
});
/** The counterparty named on the invitation against the bank's account owner names (the screening engine's scorer). */
export const nameMatchSchema = z.object({
  /** The owner name that scored best (null when the bank returned no owner name). */
  name: z.string().nullable(),
  score: z.number(),
  matched: z.boolean(),
  explanation: z.string(),
});
export type NameMatch = z.infer<typeof nameMatchSchema>;

export const invitationDetailSchema = invitationSchema.extend({
  data: sharedDataSchema.nullable(),
  identity_verification: sharedIdentityVerificationSchema,
  /** Only when the invitation named the counterparty and the identity scope is shared. */
  name_match: nameMatchSchema.nullable(),
  /** When the provider's data was read (null while nothing is shared). */
  as_of: z.string().nullable(),
  provider: z.enum(['plaid', 'sandbox']),
});
export type InvitationDetail = z.infer<typeof invitationDetailSchema>;

export const receivedInvitationSchema = z.object({
  id: z.uuid(),
  from: z.object({ name: z.string().nullable(), company: z.string().nullable(), email: z.string() }),
  scopes: z.array(sharingScopeSchema),
  status: z.enum(invitationStatuses),
  created_at: z.string(),
  consented_at: z.string().nullable(),
  expires_at: z.string(),
});
export type ReceivedInvitation = z.infer<typeof receivedInvitationSchema>;
export const receivedInvitationListSchema = z.object({ invitations: z.array(receivedInvitationSchema) });

export const invitationIdParamsSchema = z.object({ id: z.uuid({ error: bankMessages.notFound }) });

